package lcm.fortran;

import lcm.expr.Expr;
import lcm.expr.Fn;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An expression seen as a sum of terms with constant coefficients plus a constant, so that trip
 * counts read like the source: {@code lt-1-(lb+1)+1} is {@code lt-lb-1}, {@code n-(k+1)+1} is
 * {@code n-k}. Terms are compared by their text; anything that is not a sum, a difference, a
 * negation or a product with a number is one opaque term.
 */
final class LinearSum {

    private record Term(Expr expr, BigDecimal coefficient) {
    }

    private final Map<String, Term> terms = new LinkedHashMap<>();
    private BigDecimal constant = BigDecimal.ZERO;

    private LinearSum() {
    }

    static LinearSum of(Expr e) {
        LinearSum s = new LinearSum();
        s.add(e, BigDecimal.ONE);
        return s;
    }

    LinearSum plus(LinearSum other, int sign) {
        LinearSum s = new LinearSum();
        s.addAll(this, BigDecimal.ONE);
        s.addAll(other, BigDecimal.valueOf(sign));
        return s;
    }

    LinearSum plus(BigDecimal c) {
        LinearSum s = new LinearSum();
        s.addAll(this, BigDecimal.ONE);
        s.constant = s.constant.add(c);
        return s;
    }

    private void addAll(LinearSum other, BigDecimal factor) {
        for (Term t : other.terms.values()) {
            term(t.expr, t.coefficient.multiply(factor));
        }
        constant = constant.add(other.constant.multiply(factor));
    }

    private void add(Expr e, BigDecimal factor) {
        LinearSum quotient = e instanceof Expr.Bin || e instanceof Expr.Call ? exactQuotient(e) : null;
        if (quotient != null) {
            addAll(quotient, factor);
        } else if (e instanceof Expr.Num n) {
            constant = constant.add(n.value().multiply(factor));
        } else if (e instanceof Expr.Neg n) {
            add(n.operand(), factor.negate());
        } else if (e instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB)) {
            add(b.left(), factor);
            add(b.right(), b.op() == Expr.Op.ADD ? factor : factor.negate());
        } else if (e instanceof Expr.Bin b && b.op() == Expr.Op.MUL && b.left() instanceof Expr.Num n) {
            add(b.right(), factor.multiply(n.value()));
        } else if (e instanceof Expr.Bin b && b.op() == Expr.Op.MUL && b.right() instanceof Expr.Num n) {
            add(b.left(), factor.multiply(n.value()));
        } else {
            term(e, factor);
        }
    }

    /**
     * {@code (2*n-2)/2}, {@code floor((2*n-2)/2)} and {@code ceil(...)} of a sum whose integer
     * coefficients and constant the integer divisor divides: the exact quotient ({@code n-1}),
     * the same in integer and in real arithmetic; null for anything else.
     */
    static LinearSum exactQuotient(Expr e) {
        Expr inner = e;
        if (e instanceof Expr.Call c && (c.fn() == Fn.FLOOR || c.fn() == Fn.CEIL) && c.args().size() == 1) {
            inner = c.args().get(0);
        }
        if (!(inner instanceof Expr.Bin b && b.op() == Expr.Op.DIV && b.right() instanceof Expr.Num d)) {
            return null;
        }
        BigDecimal divisor = d.value();
        if (divisor.signum() == 0 || divisor.stripTrailingZeros().scale() > 0) {
            return null;
        }
        LinearSum sum = of(b.left());
        return sum.dividedBy(divisor);
    }

    /** This sum divided by {@code divisor} if every coefficient and the constant are integer multiples of it. */
    LinearSum dividedBy(BigDecimal divisor) {
        if (!divides(divisor, constant) || terms.values().stream().anyMatch(t -> !divides(divisor, t.coefficient))) {
            return null;
        }
        LinearSum q = new LinearSum();
        for (Term t : terms.values()) {
            q.term(t.expr, t.coefficient.divide(divisor));
        }
        q.constant = constant.divide(divisor);
        return q;
    }

    private static boolean divides(BigDecimal divisor, BigDecimal value) {
        return value.stripTrailingZeros().scale() <= 0 && value.remainder(divisor).signum() == 0;
    }

    private void term(Expr e, BigDecimal coefficient) {
        String key = e.text();
        Term old = terms.get(key);
        BigDecimal c = old == null ? coefficient : old.coefficient.add(coefficient);
        if (c.signum() == 0) {
            terms.remove(key);
        } else {
            terms.put(key, new Term(e, c));
        }
    }

    /** The sum as an expression: positive terms first, in source order, then negative ones, then the constant. */
    Expr expr() {
        List<Term> ordered = new ArrayList<>();
        terms.values().stream().filter(t -> t.coefficient.signum() > 0).forEach(ordered::add);
        terms.values().stream().filter(t -> t.coefficient.signum() < 0).forEach(ordered::add);
        Expr out = null;
        if (!ordered.isEmpty() && ordered.get(0).coefficient.signum() < 0 && constant.signum() > 0) {
            out = new Expr.Num(constant.stripTrailingZeros());
        }
        for (Term t : ordered) {
            Expr magnitude = scaled(t.expr, t.coefficient.abs());
            if (out == null) {
                out = t.coefficient.signum() > 0 ? magnitude : new Expr.Neg(magnitude);
            } else {
                out = t.coefficient.signum() > 0 ? new Expr.Bin(Expr.Op.ADD, out, magnitude)
                        : new Expr.Bin(Expr.Op.SUB, out, magnitude);
            }
        }
        if (out == null) {
            return new Expr.Num(constant.stripTrailingZeros());
        }
        if (!(ordered.get(0).coefficient.signum() < 0 && constant.signum() > 0) && constant.signum() != 0) {
            Expr c = new Expr.Num(constant.abs().stripTrailingZeros());
            out = constant.signum() > 0 ? new Expr.Bin(Expr.Op.ADD, out, c) : new Expr.Bin(Expr.Op.SUB, out, c);
        }
        return out;
    }

    private static Expr scaled(Expr e, BigDecimal c) {
        return c.compareTo(BigDecimal.ONE) == 0 ? e : new Expr.Bin(Expr.Op.MUL, new Expr.Num(c.stripTrailingZeros()), e);
    }
}

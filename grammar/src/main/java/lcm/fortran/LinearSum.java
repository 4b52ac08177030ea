package lcm.fortran;

import lcm.expr.Expr;

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
        if (e instanceof Expr.Num n) {
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

package lcm.algebra;

import lcm.expr.Expr;
import lcm.expr.Fn;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Exact derivatives in lcm's own algebra ({@link Expansion}), without Symja: sums, products,
 * quotients, powers with rational exponents, powers with a variable exponent, log, log2, sqrt and
 * exp. Functions with kinks or jumps (max, min, ceil, floor, abs) of the variable, and emax (an integral), have no
 * derivative in the annotation language: {@link NoClosedForm} says which one was met.
 */
public final class Derivative {

    /** The derivative needs one of the functions that have no closed-form derivative, or is too large. */
    public static final class NoClosedForm extends RuntimeException {
        NoClosedForm(Expr.Call at) {
            this("the derivative involves the derivative of max, min, ceil, floor or abs, which has no closed form "
                    + "in the annotation language (here " + shortText(at) + ")");
        }

        NoClosedForm(String why) {
            super(why, null, false, false);
        }
    }

    /** Terms the derivative may produce in all before lcm gives up on writing it (a tower p^p^...^p). */
    static final int TERM_BUDGET = 20_000;
    private long produced;

    private static final Expr LN2 = Expr.call(Fn.LOG, Expr.num(2));

    private final String variable;
    private final Map<Expr, Expansion> memo = new HashMap<>();
    private final Expansion.Builder expand = new Expansion.Builder();

    private Derivative(String variable) {
        this.variable = variable;
    }

    /** d e / d v, multiplied out ({@link Expansion#expr()} writes it). */
    public static Expansion of(Expansion e, String v) {
        return new Derivative(v).of(e);
    }

    /** d e / d v of an expression. */
    public static Expansion of(Expr e, String v) {
        Derivative d = new Derivative(v);
        return d.of(d.expand.of(e));
    }

    private Expansion of(Expansion e) {
        List<Expansion> parts = new ArrayList<>();
        for (Expansion.Term t : e.terms()) {
            parts.add(monomial(t.coefficient(), t.monomial()));
        }
        return Expansion.sum(parts);
    }

    private Expansion count(Expansion e) {
        produced += e.terms().size();
        if (produced > TERM_BUDGET) {
            throw new NoClosedForm("the derivative grows beyond " + TERM_BUDGET + " terms in lcm's algebra: not shown");
        }
        return e;
    }

    /** Product rule: d(c * prod a_i^e_i) = c * sum_i e_i a_i^(e_i - 1) a_i' prod_{j != i} a_j^e_j. */
    private Expansion monomial(Rational c, Map<Expr, Rational> m) {
        List<Expansion> out = new ArrayList<>();
        for (Map.Entry<Expr, Rational> f : m.entrySet()) {
            Expansion da = atom(f.getKey());
            if (da.isZero()) {
                continue;
            }
            Map<Expr, Rational> others = new LinkedHashMap<>(m);
            Rational e = f.getValue();
            others.put(f.getKey(), e.plus(Rational.of(-1)));
            if (others.get(f.getKey()).signum() == 0) {
                others.remove(f.getKey());
            }
            out.add(count(Expansion.monomial(c.times(e), others).times(da)));
        }
        return Expansion.sum(out);
    }

    /** The derivative of one atom. */
    private Expansion atom(Expr a) {
        if (a instanceof Expr.Var v) {
            return v.name().equals(variable) ? Expansion.ONE : Expansion.ZERO;
        }
        Expansion known = memo.get(a);
        if (known != null) {
            return known;
        }
        Expansion d = a instanceof Expr.Num || !a.variables().contains(variable) ? Expansion.ZERO : count(compute(a));
        memo.put(a, d);
        return d;
    }

    private Expansion compute(Expr a) {
        if (a instanceof Expr.Call c) {
            Expr u = c.args().get(0);
            Expansion du = of(expand.of(u));
            return switch (c.fn()) {
                // (log u)' = u'/u; (log2 u)' = u'/(u log 2); (exp u)' = exp(u) u'; (sqrt u)' = u'/(2 sqrt(u))
                case LOG -> du.times(expand.of(u).pow(Rational.of(-1)));
                case LOG2 -> du.times(expand.of(u).pow(Rational.of(-1))).times(Expansion.atom(LN2, Rational.of(-1)));
                case EXP -> du.times(Expansion.atom(a, Rational.ONE));
                case SQRT -> du.times(Expansion.atom(a, Rational.of(-1))).times(half());
                case MAX, MIN, CEIL, FLOOR, ABS, EMAX -> throw new NoClosedForm(c);
            };
        }
        if (a instanceof Expr.Bin b && b.op() == Expr.Op.POW) {
            Expansion x = expand.of(b.left());
            Expansion y = expand.of(b.right());
            Expansion dx = of(x);
            if (y.constantValue().isPresent()) {
                // (x^k)' = k x^(k-1) x'
                Rational k = y.constantValue().get();
                return x.pow(k.plus(Rational.of(-1))).times(k).times(dx);
            }
            // (x^y)' = x^y (y' log x + y x'/x)
            Expansion logX = Expansion.atom(Expr.call(Fn.LOG, b.left()), Rational.ONE);
            Expansion inner = of(y).times(logX).plus(y.times(dx).times(x.pow(Rational.of(-1))));
            return Expansion.atom(a, Rational.ONE).times(inner);
        }
        if (a instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB) || a instanceof Expr.Neg) {
            return of(expand.of(a)); // a sum kept as a factor
        }
        throw new IllegalStateException("not an atom of an expansion: " + a.text());
    }

    private static Expansion half() {
        return Expansion.constant(Rational.of(BigInteger.ONE, BigInteger.TWO));
    }

    private static String shortText(Expr e) {
        String t = e.text();
        return t.length() <= 60 ? t : t.substring(0, 57) + "...";
    }
}

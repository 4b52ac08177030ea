package lcm.algebra;

import lcm.source.UserError;
import lcm.expr.Expr;
import lcm.expr.Fn;

import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Smart constructors over {@link Expr} that keep composed models small: flattening, exact
 * constant folding, neutral and absorbing elements, and {@code max} of provably ordered
 * constants. Composition builds its expressions here (fast, linear in the DAG); Symja only
 * simplifies the final result.
 */
public final class Alg {

    public static final Expr ZERO = Expr.num(0);
    public static final Expr ONE = Expr.num(1);

    private Alg() {
    }

    public static boolean isZero(Expr e) {
        return e instanceof Expr.Num n && n.value().signum() == 0;
    }

    public static boolean isOne(Expr e) {
        return e instanceof Expr.Num n && n.value().compareTo(BigDecimal.ONE) == 0;
    }

    public static Expr num(BigDecimal v) {
        if (v.scale() == 0 && v.precision() < 18) {
            return Expr.num(v); // an integer of a long: already in the form below (small ones shared)
        }
        BigDecimal s = v.stripTrailingZeros();
        int magnitude = s.precision() - s.scale(); // digits before the point: 1e308 has 309
        if (s.signum() != 0 && (magnitude > 309 || magnitude < -323)) {
            // beyond a double (a number no reader let through, e.g. a Java loop bound 1e999999999): the
            // exact algebra would build a number of that many digits; compose places the error at its node
            throw UserError.of("number '" + s.toString().replace("E+", "e").replace("E", "e")
                    + "' out of range (magnitude between 1e-324 and 1e308)");
        }
        return new Expr.Num(s.scale() < 0 ? s.setScale(0) : s);
    }

    public static Expr add(Expr a, Expr b) {
        return sum(List.of(a, b));
    }

    /** A term split into its exact coefficient and the rest ({@code null} for a pure number). */
    private record Term(Rational coefficient, Expr rest) {
    }

    private static Term term(Expr e) {
        if (e instanceof Expr.Num n) {
            return new Term(Rational.of(n.value()), null);
        }
        if (e instanceof Expr.Neg n) {
            Term t = term(n.operand());
            return new Term(t.coefficient.negate(), t.rest);
        }
        if (e instanceof Expr.Bin b && b.op() == Expr.Op.MUL && b.left() instanceof Expr.Num k) {
            Term t = term(b.right());
            return new Term(t.coefficient.times(Rational.of(k.value())), t.rest);
        }
        if (e instanceof Expr.Bin b && b.op() == Expr.Op.DIV && b.right() instanceof Expr.Num d
                && d.value().signum() != 0) {
            Term t = term(b.left());
            return new Term(t.coefficient.dividedBy(Rational.of(d.value())), t.rest);
        }
        if (e instanceof Expr.Bin b && b.op() == Expr.Op.DIV) {
            // (k*x)/y: the coefficient k leaves the quotient; 12/p is 12 * (1/p)
            Term top = term(b.left());
            Term bottom = term(b.right());
            if (!top.coefficient.isOne() || !bottom.coefficient.isOne()) {
                Expr numerator = top.rest == null ? ONE : top.rest;
                Expr denominator = bottom.rest == null ? ONE : bottom.rest;
                if (bottom.coefficient.signum() == 0) {
                    throw UserError.of("division by zero: " + b.left().text() + " divided by an expression that is 0");
                }
                Rational c = top.coefficient.dividedBy(bottom.coefficient);
                return new Term(c, isOne(denominator) ? (isOne(numerator) ? null : numerator)
                        : new Expr.Bin(Expr.Op.DIV, numerator, denominator));
            }
        }
        return new Term(Rational.ONE, e);
    }

    private static Expr build(Term t) {
        Rational c = t.coefficient;
        if (t.rest == null) {
            return c.expr();
        }
        if (c.signum() == 0) {
            return ZERO;
        }
        if (!c.isOne() && isSum(t.rest) && Addends.count(t.rest, Addends.LIMIT) <= Addends.LIMIT) {
            // k*(a + b) = k*a + k*b: numeric coefficients never multiply sums
            List<Expr> distributed = new ArrayList<>();
            for (Expr x : Addends.of(t.rest)) {
                Term xt = term(x);
                distributed.add(build(new Term(xt.coefficient.times(c), xt.rest)));
            }
            return sum(distributed);
        }
        if (c.signum() < 0) {
            return new Expr.Neg(build(new Term(c.negate(), t.rest)));
        }
        if (c.isOne()) {
            return t.rest;
        }
        if (t.rest instanceof Expr.Bin q && q.op() == Expr.Op.DIV && isOne(q.left())) {
            // c * (1/y) reads c/y
            return new Expr.Bin(Expr.Op.DIV, c.expr(), q.right());
        }
        Expr coefficient = c.numberOrNull(); // a number when c is an integer or a short decimal
        if (coefficient != null) {
            return new Expr.Bin(Expr.Op.MUL, coefficient, t.rest);
        }
        Expr numerator = t.rest;
        Expr denominator = c.denominator();
        if (t.rest instanceof Expr.Bin q && q.op() == Expr.Op.DIV) {
            // (a/b) * (x/y) reads a*x/(b*y)
            numerator = q.left();
            denominator = new Expr.Bin(Expr.Op.MUL, denominator, q.right());
        }
        Expr top = c.isUnitFraction() ? numerator : new Expr.Bin(Expr.Op.MUL, c.numerator(), numerator);
        return new Expr.Bin(Expr.Op.DIV, top, denominator);
    }

    /** Sum with nested sums flattened, like terms collected, numbers folded, zeros dropped. */
    public static Expr sum(List<Expr> terms) {
        List<Expr> xs = new ArrayList<>(terms.size() * 4);
        for (Expr t : terms) {
            Addends.collect(t, false, xs);
        }
        int n = xs.size();
        if (n == 0) {
            return ZERO;
        }
        // like terms collected in order of first appearance: a hash index for long sums, a
        // scan for the short ones that most sums are (composing makes millions of them)
        Expr[] rests = new Expr[n];
        Rational[] coefficients = new Rational[n];
        Map<Expr, Integer> index = n > SHORT_SUM ? new HashMap<>(n * 2) : null;
        int distinct = 0;
        Rational constant = Rational.ZERO;
        for (Expr x : xs) {
            Term term = term(x);
            if (term.rest == null) {
                constant = constant.plus(term.coefficient);
                continue;
            }
            int at = -1;
            if (index != null) {
                Integer known = index.putIfAbsent(term.rest, distinct);
                at = known == null ? -1 : known;
            } else {
                for (int i = 0; i < distinct; i++) {
                    if (rests[i].equals(term.rest)) {
                        at = i;
                        break;
                    }
                }
            }
            if (at >= 0) {
                coefficients[at] = coefficients[at].plus(term.coefficient);
            } else {
                rests[distinct] = term.rest;
                coefficients[distinct++] = term.coefficient;
            }
        }
        List<Term> flat = new ArrayList<>(distinct + 1);
        for (int i = 0; i < distinct; i++) {
            if (coefficients[i].signum() != 0) {
                flat.add(new Term(coefficients[i], rests[i]));
            }
        }
        if (constant.signum() != 0) {
            flat.add(new Term(constant, null));
        }
        if (flat.isEmpty()) {
            return ZERO;
        }
        if (flat.size() > BALANCE_ABOVE) {
            return balancedSum(flat);
        }
        Expr out = build(flat.get(0));
        for (int i = 1; i < flat.size(); i++) {
            Term t = flat.get(i);
            if (t.coefficient.signum() < 0) {
                out = new Expr.Bin(Expr.Op.SUB, out, build(new Term(t.coefficient.negate(), t.rest)));
            } else {
                out = new Expr.Bin(Expr.Op.ADD, out, build(t));
            }
        }
        return out;
    }

    /**
     * Long sums and products are built as balanced trees (depth log n, so that composed
     * models of thousands of fragments never exhaust the stack); short ones read left to right.
     */
    private static final int BALANCE_ABOVE = 32;

    /** Sums of at most this many terms find like terms by a scan rather than a hash table. */
    private static final int SHORT_SUM = 8;

    private static Expr balancedSum(List<Term> terms) {
        List<Expr> positive = new ArrayList<>();
        List<Expr> negative = new ArrayList<>();
        for (Term t : terms) {
            if (t.coefficient.signum() < 0) {
                negative.add(build(new Term(t.coefficient.negate(), t.rest)));
            } else {
                positive.add(build(t));
            }
        }
        Expr plus = balanced(positive, Expr.Op.ADD);
        if (negative.isEmpty()) {
            return plus;
        }
        Expr minus = balanced(negative, Expr.Op.ADD);
        return plus == null ? new Expr.Neg(minus) : new Expr.Bin(Expr.Op.SUB, plus, minus);
    }

    private static Expr balanced(List<Expr> xs, Expr.Op op) {
        if (xs.isEmpty()) {
            return null;
        }
        return balanced(xs, 0, xs.size(), op);
    }

    private static Expr balanced(List<Expr> xs, int from, int to, Expr.Op op) {
        if (to - from == 1) {
            return xs.get(from);
        }
        int mid = (from + to) >>> 1;
        return new Expr.Bin(op, balanced(xs, from, mid, op), balanced(xs, mid, to, op));
    }

    public static Expr neg(Expr e) {
        if (e instanceof Expr.Num n) {
            return num(n.value().negate());
        }
        if (e instanceof Expr.Neg n) {
            return n.operand();
        }
        if (isSum(e)) {
            return product(List.of(Expr.num(-1), e));
        }
        return new Expr.Neg(e);
    }

    public static Expr sub(Expr a, Expr b) {
        if ((a instanceof Expr.Var || a instanceof Expr.Num) && a.equals(b)) {
            return ZERO; // p - p, the processors a child leaves unused
        }
        return sum(List.of(a, neg(b)));
    }

    public static Expr mul(Expr a, Expr b) {
        return product(List.of(a, b));
    }

    /** Product with the exact coefficient in front, ones dropped, zero absorbing. */
    public static Expr product(List<Expr> factors) {
        Rational constant = Rational.ONE;
        List<Expr> flat = new ArrayList<>();
        for (Expr f : factors) {
            for (Expr x : multiplicands(f)) {
                Term t = term(x);
                if (t.coefficient.signum() == 0) {
                    return ZERO;
                }
                constant = constant.times(t.coefficient);
                if (t.rest != null) {
                    flat.add(t.rest);
                }
            }
        }
        // quotient factors a/b split so that the product reads (x*a)/(b): 16*m/p, not 16*m*1/p
        List<Expr> top = new ArrayList<>();
        List<Expr> bottom = new ArrayList<>();
        for (Expr x : flat) {
            if (x instanceof Expr.Bin q && q.op() == Expr.Op.DIV) {
                if (!isOne(q.left())) {
                    top.add(q.left());
                }
                bottom.add(q.right());
            } else {
                top.add(x);
            }
        }
        Expr numerator = chain(powers(top));
        Expr rest = numerator;
        if (!bottom.isEmpty()) {
            Expr denominator = chain(powers(bottom));
            rest = new Expr.Bin(Expr.Op.DIV, numerator == null ? ONE : numerator, denominator);
        }
        return build(new Term(constant, rest));
    }

    /** Factors multiplied left to right, or as a balanced tree when there are many. */
    private static Expr chain(List<Expr> factors) {
        if (factors.isEmpty()) {
            return null;
        }
        if (factors.size() > BALANCE_ABOVE) {
            return balanced(factors, Expr.Op.MUL);
        }
        Expr out = null;
        for (Expr x : factors) {
            out = out == null ? x : new Expr.Bin(Expr.Op.MUL, out, x);
        }
        return out;
    }

    /** x*x*x^2 = x^4: equal bases with numeric exponents combine, in order of first appearance. */
    private static List<Expr> powers(List<Expr> factors) {
        if (factors.size() < 2) {
            return factors;
        }
        LinkedHashMap<Expr, Rational> exponents = new LinkedHashMap<>();
        List<Expr> other = new ArrayList<>();
        for (Expr f : factors) {
            if (f instanceof Expr.Bin b && b.op() == Expr.Op.POW && b.right() instanceof Expr.Num k) {
                exponents.merge(b.left(), Rational.of(k.value()), Rational::plus);
            } else if (f instanceof Expr.Num || f instanceof Expr.Neg) {
                other.add(f);
            } else {
                exponents.merge(f, Rational.ONE, Rational::plus);
            }
        }
        List<Expr> out = new ArrayList<>(other);
        for (Map.Entry<Expr, Rational> e : exponents.entrySet()) {
            Rational k = e.getValue();
            if (k.signum() == 0) {
                continue;
            }
            out.add(k.isOne() ? e.getKey() : new Expr.Bin(Expr.Op.POW, e.getKey(), k.expr()));
        }
        return out.isEmpty() ? List.of(ONE) : out;
    }

    private static boolean isSum(Expr e) {
        return e instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB);
    }

    private static List<Expr> multiplicands(Expr e) {
        List<Expr> out = new ArrayList<>();
        if (e instanceof Expr.Bin b && b.op() == Expr.Op.MUL) {
            out.addAll(multiplicands(b.left()));
            out.addAll(multiplicands(b.right()));
        } else {
            out.add(e);
        }
        return out;
    }

    /** a / b, folding numeric divisors into the coefficient and dividing by one. */
    public static Expr div(Expr a, Expr b) {
        if (isOne(b)) {
            return a;
        }
        if (isZero(a)) {
            return ZERO; // also 0/0: a model that is zero stays zero (identical zero models tie)
        }
        if (b instanceof Expr.Neg minus) {
            // a / -b = -(a / b): so that a divisor written -0 is seen to be zero below
            return neg(div(a, minus.operand()));
        }
        if (isZero(b)) {
            // a literal zero is refused where it is written (ExprBuilder); this is a zero the
            // algebra found, e.g. n/(1-1): an error naming the expression, never an internal one
            throw UserError.of("division by zero: " + a.text() + " divided by an expression that is 0");
        }
        if (b instanceof Expr.Num y && y.value().signum() != 0) {
            Term t = term(a);
            return build(new Term(t.coefficient.dividedBy(Rational.of(y.value())), t.rest));
        }
        Term tb = term(b);
        if (!tb.coefficient.isOne() && tb.rest != null && tb.coefficient.signum() != 0) {
            // a / (k*x) = (a/k) / x
            return div(div(a, tb.coefficient.expr()), tb.rest);
        }
        // (k*x*y) / y = k*x: cancel a factor that appears on both sides
        Term ta = term(a);
        if (ta.rest != null) {
            List<Expr> factors = multiplicands(ta.rest);
            int i = factors.indexOf(b);
            if (i >= 0) {
                factors.remove(i);
                List<Expr> all = new ArrayList<>(factors);
                all.add(0, ta.coefficient.expr());
                return product(all);
            }
        }
        return new Expr.Bin(Expr.Op.DIV, a, b);
    }

    public static Expr pow(Expr a, Expr b) {
        if (isOne(b)) {
            return a;
        }
        if (isZero(b) || isOne(a)) {
            return ONE; // also 1^2, what p^2 becomes on one processor
        }
        if (a instanceof Expr.Num x && b instanceof Expr.Num k && k.value().signum() > 0
                && k.value().compareTo(BigDecimal.valueOf(16)) <= 0 && k.value().stripTrailingZeros().scale() <= 0) {
            return num(x.value().pow(k.value().intValueExact())); // 2^3 = 8, exactly
        }
        return new Expr.Bin(Expr.Op.POW, a, b);
    }

    public static Expr ceil(Expr a) {
        if (a instanceof Expr.Num n) {
            return num(new BigDecimal(n.value().setScale(0, RoundingMode.CEILING).toBigInteger()));
        }
        return Expr.call(Fn.CEIL, a);
    }

    /** max of the arguments; numbers compared exactly, duplicates dropped. */
    public static Expr max(List<Expr> args) {
        return extreme(Fn.MAX, args);
    }

    /** min of the arguments; numbers compared exactly, duplicates dropped. */
    public static Expr min(List<Expr> args) {
        return extreme(Fn.MIN, args);
    }

    /** max or min: the numbers folded into the largest (smallest) of them, the other arguments once each. */
    private static Expr extreme(Fn fn, List<Expr> args) {
        int sign = fn == Fn.MAX ? 1 : -1;
        List<Expr> distinct = new ArrayList<>();
        BigDecimal best = null;
        for (Expr a : args) {
            if (a instanceof Expr.Num n) {
                best = best == null || sign * n.value().compareTo(best) > 0 ? n.value() : best;
            } else if (!distinct.contains(a)) {
                distinct.add(a);
            }
        }
        if (best != null) {
            distinct.add(num(best));
        }
        if (distinct.size() == 1) {
            return distinct.get(0);
        }
        return new Expr.Call(fn, distinct);
    }

    /** Rebuilds {@code e} with these constructors: the normal form lcm composes in. */
    public static Expr normalize(Expr e) {
        return substitute(e, Map.of());
    }

    /** Replaces variables by expressions (simultaneously), rebuilding in normal form ({@link Rebuild}). */
    public static Expr substitute(Expr e, Map<String, Expr> values) {
        return Rebuild.of(e, values);
    }

    /**
     * {@code fn(args)}, folded where the arguments allow: max and min of numbers (max(12, 0) = 12
     * once a substitution makes the arguments numbers), ceil of a number.
     */
    public static Expr call(Fn fn, List<Expr> args) {
        if (fn == Fn.MAX) {
            return max(args);
        }
        if (fn == Fn.MIN) {
            return min(args);
        }
        if (fn == Fn.CEIL && args.size() == 1) {
            return ceil(args.get(0));
        }
        return new Expr.Call(fn, args);
    }

    /** Exact decimal for a double, for numbers that come from measurements or options. */
    public static Expr num(double v) {
        return num(new BigDecimal(v, MathContext.DECIMAL64));
    }
}

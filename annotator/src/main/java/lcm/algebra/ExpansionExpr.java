package lcm.algebra;

import lcm.expr.Expr;
import lcm.expr.Fn;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes an {@link Expansion}'s terms back as an expression people read: positive terms first,
 * numbers last, terms over one divisor sum as one quotient, x^(3/2) as x*sqrt(x).
 */
final class ExpansionExpr {

    private ExpansionExpr() {
    }

    /**
     * As an expression built with {@link Alg}'s constructors, terms in order, numbers last; terms
     * over the same divisor sum are written as one quotient ({@code (n*p+4*p)/(4*p^2+n)}).
     */
    static Expr of(Map<Map<Expr, Rational>, Rational> terms) {
        Expr lone = loneAtom(terms);
        if (lone != null) {
            return lone; // the atom itself: shared subtrees stay shared
        }
        // divisor sums of a term (atoms that are sums, with negative exponents) -> the terms over them
        LinkedHashMap<Map<Expr, Rational>, List<Expr>> over = new LinkedHashMap<>();
        List<Expr> numbers = new ArrayList<>();
        for (Map.Entry<Map<Expr, Rational>, Rational> t : terms.entrySet()) {
            if (t.getKey().keySet().stream().allMatch(x -> x instanceof Expr.Num)) {
                numbers.add(termExpr(t.getValue(), t.getKey())); // 42/325, sqrt(2)/2: written last
                continue;
            }
            LinkedHashMap<Expr, Rational> divisors = new LinkedHashMap<>();
            LinkedHashMap<Expr, Rational> rest = new LinkedHashMap<>();
            t.getKey().forEach((x, e) -> (e.signum() < 0 && Expansion.isSum(x) ? divisors : rest).put(x, e));
            over.computeIfAbsent(divisors, k -> new ArrayList<>()).add(termExpr(t.getValue(), rest));
        }
        List<Expr> out = new ArrayList<>(over.size());
        for (Map.Entry<Map<Expr, Rational>, List<Expr>> g : over.entrySet()) {
            if (g.getKey().isEmpty()) {
                out.addAll(g.getValue());
                continue;
            }
            List<Expr> bottom = new ArrayList<>();
            g.getKey().forEach((x, e) -> bottom.add(power(x, e.negate())));
            Expr d = Alg.product(bottom);
            out.add(g.getValue().size() == 1 ? divide(g.getValue().get(0), d)
                    : new Expr.Bin(Expr.Op.DIV, Alg.sum(g.getValue()), d));
        }
        // positive terms first (a difference reads 40/p-p), numbers last
        List<Expr> ordered = new ArrayList<>(out.size() + numbers.size());
        out.stream().filter(x -> !negative(x)).forEach(ordered::add);
        out.stream().filter(ExpansionExpr::negative).forEach(ordered::add);
        numbers.stream().filter(x -> !negative(x)).forEach(ordered::add);
        numbers.stream().filter(ExpansionExpr::negative).forEach(ordered::add);
        if (ordered.isEmpty()) {
            return Alg.ZERO;
        }
        if (ordered.size() > 32) {
            return Alg.sum(ordered); // a balanced tree: long sums never nest deeply
        }
        Expr sum = ordered.get(0);
        for (int i = 1; i < ordered.size(); i++) {
            Expr x = ordered.get(i);
            sum = negative(x) ? new Expr.Bin(Expr.Op.SUB, sum, negated(x)) : new Expr.Bin(Expr.Op.ADD, sum, x);
        }
        return sum;
    }

    /** -x for a term {@link #negative} says is negative. */
    private static Expr negated(Expr x) {
        if (x instanceof Expr.Neg n) {
            return n.operand();
        }
        if (x instanceof Expr.Num n) {
            return Alg.num(n.value().negate());
        }
        Expr.Bin b = (Expr.Bin) x;
        return new Expr.Bin(b.op(), negated(b.left()), b.right());
    }

    private static boolean negative(Expr e) {
        return e instanceof Expr.Neg || e instanceof Expr.Num n && n.value().signum() < 0
                || e instanceof Expr.Bin b && (b.op() == Expr.Op.MUL || b.op() == Expr.Op.DIV) && negative(b.left());
    }

    /** A term over a divisor: its own divisor joins it ({@code n/p} over {@code S} reads {@code n/(p*S)}). */
    private static Expr divide(Expr term, Expr d) {
        if (term instanceof Expr.Bin q && q.op() == Expr.Op.DIV) {
            return Alg.div(q.left(), Alg.mul(q.right(), d));
        }
        if (term instanceof Expr.Neg n) {
            return Alg.neg(divide(n.operand(), d));
        }
        return Alg.div(term, d);
    }

    /** The atom when this is one atom to the power 1 with coefficient 1, else null. */
    static Expr loneAtom(Map<Map<Expr, Rational>, Rational> terms) {
        if (terms.size() != 1) {
            return null;
        }
        Map.Entry<Map<Expr, Rational>, Rational> t = terms.entrySet().iterator().next();
        if (!t.getValue().isOne() || t.getKey().size() != 1) {
            return null;
        }
        Map.Entry<Expr, Rational> a = t.getKey().entrySet().iterator().next();
        return a.getValue().isOne() ? a.getKey() : null;
    }

    /** The sum with its terms in a fixed order (highest degree first), so that equal sums are one atom. */
    static Expr sorted(Map<Map<Expr, Rational>, Rational> terms) {
        List<Map.Entry<Map<Expr, Rational>, Rational>> sorted = new ArrayList<>(terms.entrySet());
        Map<Map<Expr, Rational>, String> text = new java.util.HashMap<>();
        for (Map.Entry<Map<Expr, Rational>, Rational> e : sorted) {
            text.put(e.getKey(), termExpr(Rational.ONE, e.getKey()).text());
        }
        sorted.sort(Comparator.<Map.Entry<Map<Expr, Rational>, Rational>, Rational>comparing(e -> degree(e.getKey()),
                (a, b) -> b.plus(a.negate()).signum()).thenComparing(e -> text.get(e.getKey())));
        List<Expr> out = new ArrayList<>();
        for (Map.Entry<Map<Expr, Rational>, Rational> e : sorted) {
            out.add(termExpr(e.getValue(), e.getKey()));
        }
        return Alg.sum(out);
    }

    private static Rational degree(Map<Expr, Rational> m) {
        Rational d = Rational.ZERO;
        for (Rational e : m.values()) {
            d = d.plus(e);
        }
        return d;
    }

    private static Expr termExpr(Rational c, Map<Expr, Rational> m) {
        List<Expr> top = new ArrayList<>();
        List<Expr> bottom = new ArrayList<>();
        top.add(c.expr());
        List<Map.Entry<Expr, Rational>> factors = new ArrayList<>(m.entrySet());
        // roots of numbers, then variables, then the rest: 4*sqrt(2)*n*sqrt(p)*log(n), p*log(p)
        factors.sort(Comparator.comparingInt(e -> e.getKey() instanceof Expr.Num ? 0 : e.getKey() instanceof Expr.Var ? 1 : 2));
        for (Map.Entry<Expr, Rational> e : factors) {
            Rational k = e.getValue();
            if (k.signum() > 0) {
                top.add(power(e.getKey(), k));
            } else {
                bottom.add(power(e.getKey(), k.negate()));
            }
        }
        if (!(top.get(0) instanceof Expr.Num) && c.signum() > 0) {
            // a fraction that has no short decimal: its denominator joins the divisors (7*n^2/1557348, 3/(7*p))
            top.set(0, Alg.num(new BigDecimal(c.num())));
            bottom.add(0, Alg.num(new BigDecimal(c.den())));
        } else if (!(top.get(0) instanceof Expr.Num)) {
            return Alg.neg(termExpr(c.negate(), m));
        }
        Expr n = Alg.product(top);
        return bottom.isEmpty() ? n : new Expr.Bin(Expr.Op.DIV, n, Alg.product(bottom));
    }

    /** x^k for k > 0, as people write it: sqrt(x), x*sqrt(x) for k = 3/2. */
    private static Expr power(Expr x, Rational k) {
        if (k.isOne()) {
            return x;
        }
        if (k.den().equals(BigInteger.TWO)) {
            Expr root = Expr.call(Fn.SQRT, x);
            BigInteger whole = k.num().subtract(BigInteger.ONE).shiftRight(1);
            return whole.signum() == 0 ? root
                    : new Expr.Bin(Expr.Op.MUL, Alg.pow(x, Alg.num(new BigDecimal(whole))), root);
        }
        return new Expr.Bin(Expr.Op.POW, x, k.isInteger() ? Alg.num(new BigDecimal(k.num())) : k.expr());
    }
}

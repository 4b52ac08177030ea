package lcm.compare;

import lcm.algebra.Expansion;
import lcm.algebra.Rational;
import lcm.expr.Evaluator;
import lcm.expr.Expr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The positive real roots of dT/dp = 0 in closed form, with lcm's own algebra, for the shapes
 * performance models have: dT/dp a sum of powers of p (coefficients free of p, in other
 * variables or numbers) with two distinct exponents, {@code A p^a + B p^b = 0}, which gives
 * {@code p = (-B/A)^(1/(a-b))} (T = W/p + c p^k), or three in arithmetic progression, a quadratic
 * in {@code q = p^d} (T = W/p + a p + b log p). Anything else has no closed form here: the best p
 * is numeric (docs/compare.md, "What is computed").
 */
final class StationaryPoints {

    private StationaryPoints() {
    }

    /** The roots p > 0 of {@code d = 0} (those that can be positive), or empty when lcm cannot solve it. */
    static Optional<List<Expr>> solve(Expansion d, String p) {
        try {
            return solveOrThrow(d, p);
        } catch (ArithmeticException | lcm.source.UserError undefined) {
            return Optional.empty(); // a root lcm cannot write (a number beyond a double): numeric
        }
    }

    private static Optional<List<Expr>> solveOrThrow(Expansion d, String p) {
        Expr var = new Expr.Var(p);
        // exponent of p -> the sum of the coefficients of that power (free of p)
        TreeMap<Rational, Expansion> powers = new TreeMap<>((x, y) -> y.plus(x.negate()).signum());
        for (Expansion.Term t : d.terms()) {
            Rational e = t.monomial().getOrDefault(var, Rational.ZERO);
            Map<lcm.expr.Expr, Rational> rest = new java.util.LinkedHashMap<>(t.monomial());
            rest.remove(var);
            for (Expr atom : rest.keySet()) {
                if (atom.variables().contains(p)) {
                    return Optional.empty(); // log(p), max(p, ...), a sum in p: not a polynomial in p
                }
            }
            powers.merge(e, Expansion.monomial(t.coefficient(), rest), Expansion::plus);
        }
        powers.values().removeIf(Expansion::isZero);
        List<Rational> e = new ArrayList<>(powers.keySet()); // highest first
        if (e.size() < 2) {
            return Optional.of(List.of()); // c p^a = 0 has no root p > 0
        }
        if (e.size() == 2) {
            // A p^a + B p^b = 0: p^(a-b) = -B/A
            Expansion ratio = powers.get(e.get(1)).negate().times(powers.get(e.get(0)).pow(Rational.of(-1)));
            List<Expr> one = new ArrayList<>();
            one.add(root(ratio, e.get(0).plus(e.get(1).negate()))); // null: no real root
            return Optional.of(positive(one));
        }
        Rational step = e.get(0).plus(e.get(1).negate());
        if (e.size() == 3 && e.get(1).plus(e.get(2).negate()).equals(step)) {
            // A q^2 + B q + C = 0 with q = p^step: q = (-B -+ sqrt(B^2 - 4AC)) / (2A)
            Expansion a = powers.get(e.get(0));
            Expansion b = powers.get(e.get(1));
            Expansion c = powers.get(e.get(2));
            Expansion disc = b.times(b).minus(a.times(c).times(Rational.of(4)));
            if (disc.constantValue().map(v -> v.signum() < 0).orElse(false)) {
                return Optional.of(List.of()); // no real root
            }
            Expansion sq = disc.pow(Rational.of(BigInteger.ONE, BigInteger.TWO));
            Expansion over = a.times(Rational.of(2)).pow(Rational.of(-1));
            List<Expr> roots = new ArrayList<>();
            for (Expansion q : List.of(b.negate().minus(sq).times(over), b.negate().plus(sq).times(over))) {
                roots.add(root(q, step));
            }
            return Optional.of(positive(roots));
        }
        return Optional.empty();
    }

    /** q^(1/step), or NaN-valued when q is a negative number (no real p). */
    private static Expr root(Expansion q, Rational step) {
        Optional<Rational> v = q.constantValue();
        if (v.isPresent() && v.get().signum() <= 0) {
            return null;
        }
        return q.pow(Rational.ONE.dividedBy(step)).expr();
    }

    /** Drops roots that are not positive numbers where they are numbers; sorts numbers ascending. */
    private static List<Expr> positive(List<Expr> roots) {
        List<Expr> out = new ArrayList<>();
        for (Expr r : roots) {
            if (r == null || out.contains(r)) {
                continue;
            }
            if (r.variables().isEmpty()) {
                double x = Evaluator.eval(r, Map.of());
                if (!(x > 0) || !Double.isFinite(x)) {
                    continue;
                }
            }
            out.add(r);
        }
        if (out.stream().allMatch(r -> r.variables().isEmpty())) {
            out.sort(Comparator.comparingDouble(r -> Evaluator.eval(r, Map.of())));
        }
        return out;
    }
}

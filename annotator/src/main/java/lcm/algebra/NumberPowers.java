package lcm.algebra;

import lcm.expr.Expr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Exact powers of numbers for {@link Expansion}: c^k folded while the result stays below
 * {@value #FOLD_BITS} bits, and roots of numbers with their perfect powers taken out
 * ({@code 50^(1/2) = 5*2^(1/2)}).
 */
final class NumberPowers {

    /** Numbers raised to an integer power are folded while the result stays below this many bits. */
    private static final int FOLD_BITS = 1024;

    private NumberPowers() {
    }

    /** c^k exactly, unless the result would be huge. */
    static Optional<Rational> integerPower(Rational c, BigInteger k) {
        if (k.signum() == 0) {
            return Optional.of(Rational.ONE);
        }
        if (c.signum() == 0) {
            return k.signum() > 0 ? Optional.of(Rational.ZERO) : Optional.empty();
        }
        long bits = Math.max(c.num().bitLength(), c.den().bitLength());
        if (k.bitLength() > 31 || bits * Math.abs(k.longValue()) > FOLD_BITS) {
            return Optional.empty();
        }
        int n = Math.abs(k.intValue());
        Rational r = Rational.of(c.num().pow(n), c.den().pow(n));
        return Optional.of(k.signum() > 0 ? r : Rational.ONE.dividedBy(r));
    }

    /** c^k for c > 0 and k not an integer: perfect powers taken out ({@code 50^(1/2) = 5*2^(1/2)}). */
    static Expansion numberPower(Rational c, Rational k) {
        return integerRoot(c.num(), k).times(integerRoot(c.den(), k.negate()));
    }

    /** n^k for an integer n > 0: small prime factors give whole powers, the rest a root of a number. */
    private static Expansion integerRoot(BigInteger n, Rational k) {
        if (n.equals(BigInteger.ONE)) {
            return Expansion.ONE;
        }
        if (n.bitLength() > 62) {
            return Expansion.atom(Alg.num(new BigDecimal(n)), k);
        }
        long x = n.longValue();
        // prime -> exponent in n, by trial division up to 10^4; what is left counts as one factor
        LinkedHashMap<Long, Long> factors = new LinkedHashMap<>();
        for (long q = 2; q <= 10_000 && q * q <= x; q++) {
            while (x % q == 0) {
                factors.merge(q, 1L, Long::sum);
                x /= q;
            }
        }
        if (x > 1) {
            factors.merge(x, 1L, Long::sum);
        }
        Rational whole = Rational.ONE;
        LinkedHashMap<Rational, Long> roots = new LinkedHashMap<>(); // fractional exponent -> base
        for (Map.Entry<Long, Long> f : factors.entrySet()) {
            Rational e = k.times(Rational.of(f.getValue()));
            BigInteger floor = floor(e);
            Rational frac = e.plus(Rational.of(floor.negate(), BigInteger.ONE));
            Optional<Rational> w = integerPower(Rational.of(f.getKey()), floor);
            if (w.isEmpty()) {
                return Expansion.atom(Alg.num(new BigDecimal(n)), k);
            }
            whole = whole.times(w.get());
            if (frac.signum() != 0) {
                roots.merge(frac, f.getKey(), (a, b) -> a * b); // a product of factors of n: no overflow
            }
        }
        Expansion out = Expansion.constant(whole);
        for (Map.Entry<Rational, Long> r : roots.entrySet()) {
            out = out.times(Expansion.single(Rational.ONE, Map.of(Expr.num(r.getValue()), r.getKey())));
        }
        return out;
    }

    private static BigInteger floor(Rational r) {
        BigInteger[] qr = r.num().divideAndRemainder(r.den());
        return r.signum() < 0 && qr[1].signum() != 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }
}

package lcm.algebra;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rational keeps its parts in longs while they fit and in BigIntegers beyond: every result must
 * be the exact fraction in lowest terms whichever form the operands and the result take.
 */
class RationalArithmeticTest {

    /** The exact a/b + c/d in lowest terms, computed the schoolbook way. */
    private static BigInteger[] reference(BigInteger a, BigInteger b, BigInteger c, BigInteger d, char op) {
        BigInteger n;
        BigInteger m;
        switch (op) {
            case '+' -> {
                n = a.multiply(d).add(c.multiply(b));
                m = b.multiply(d);
            }
            case '*' -> {
                n = a.multiply(c);
                m = b.multiply(d);
            }
            default -> {
                n = a.multiply(d);
                m = b.multiply(c);
            }
        }
        if (m.signum() < 0) {
            n = n.negate();
            m = m.negate();
        }
        BigInteger g = n.gcd(m);
        if (n.signum() == 0) {
            return new BigInteger[] {BigInteger.ZERO, BigInteger.ONE};
        }
        return new BigInteger[] {n.divide(g), m.divide(g)};
    }

    private static BigInteger part(Random r) {
        // around the long form's limit (2^62) as well as small and large values
        int bits = switch (r.nextInt(4)) {
            case 0 -> 1 + r.nextInt(20);
            case 1 -> 60 + r.nextInt(5);
            case 2 -> 30 + r.nextInt(3);
            default -> 65 + r.nextInt(60);
        };
        BigInteger x = new BigInteger(bits, r);
        return x.signum() == 0 ? BigInteger.ONE : x;
    }

    @Test
    void sumsProductsAndQuotientsAreExactAcrossBothForms() {
        Random r = new Random(1994);
        for (int i = 0; i < 20_000; i++) {
            BigInteger a = r.nextBoolean() ? part(r) : part(r).negate();
            BigInteger b = part(r);
            BigInteger c = r.nextBoolean() ? part(r) : part(r).negate();
            BigInteger d = part(r);
            Rational x = Rational.of(a, b);
            Rational y = Rational.of(c, d);
            char op = "+*/".charAt(i % 3);
            Rational got = op == '+' ? x.plus(y) : op == '*' ? x.times(y) : x.dividedBy(y);
            BigInteger[] want = reference(x.num(), x.den(), y.num(), y.den(), op);
            if (want[0].bitLength() > Rational.EXACT_BITS || want[1].bitLength() > Rational.EXACT_BITS) {
                continue; // rounded to 34 digits by design, checked below
            }
            assertEquals(want[0], got.num(), x + " " + op + " " + y);
            assertEquals(want[1], got.den(), x + " " + op + " " + y);
            // one form per value: equal values are equal objects with equal hashes
            Rational again = Rational.of(want[0], want[1]);
            assertEquals(again, got);
            assertEquals(again.hashCode(), got.hashCode());
        }
    }

    @Test
    void theLongFormsLimitIsCrossedExactly() {
        // 2^62 - 1 is the largest numerator kept in a long; 2^62 needs a BigInteger
        BigInteger limit = BigInteger.ONE.shiftLeft(62);
        Rational below = Rational.of(limit.subtract(BigInteger.ONE), BigInteger.ONE);
        Rational sum = below.plus(Rational.ONE);
        assertEquals(limit, sum.num());
        assertEquals(BigInteger.ONE, sum.den());
        assertTrue(sum.isInteger());
        // back below the limit: the same value as one made small from the start
        assertEquals(below, sum.plus(Rational.of(-1)));
        // (2^62 + 1)/3 * 3 = 2^62 + 1
        Rational third = Rational.of(limit.add(BigInteger.ONE), BigInteger.valueOf(3));
        assertEquals(limit.add(BigInteger.ONE), third.times(Rational.of(3)).num());
        // Long.MIN_VALUE parts, negated denominators
        Rational min = Rational.of(BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(-2));
        assertEquals(BigInteger.ONE.shiftLeft(62), min.num());
        assertEquals(BigInteger.ONE, min.den());
    }

    @Test
    void decimalsAndSigns() {
        // 0.125 = 1/8; -0.5 + 0.5 = 0; 1/3 + 1/6 = 1/2 (denominators share 3: reduced after adding)
        Rational eighth = Rational.of(new BigDecimal("0.125"));
        assertEquals(BigInteger.ONE, eighth.num());
        assertEquals(BigInteger.valueOf(8), eighth.den());
        assertEquals(0, Rational.of(new BigDecimal("-0.5")).plus(Rational.of(new BigDecimal("0.5"))).signum());
        Rational half = Rational.of(BigInteger.ONE, BigInteger.valueOf(3)).plus(Rational.of(BigInteger.ONE,
                BigInteger.valueOf(6)));
        assertEquals(Rational.of(BigInteger.ONE, BigInteger.TWO), half);
        assertEquals(new BigDecimal("0.5"), half.shortDecimal());
        // 1e30 and 1e-30 (beyond a long) read back exactly
        assertEquals(new BigInteger("1000000000000000000000000000000"), Rational.of(new BigDecimal("1e30")).num());
        assertEquals(new BigInteger("1000000000000000000000000000000"), Rational.of(new BigDecimal("1e-30")).den());
        // 7/2^70 has a finite decimal too long to read better than the fraction; 3/1000 reads 0.003
        assertEquals(null, Rational.of(BigInteger.valueOf(7), BigInteger.ONE.shiftLeft(70)).shortDecimal());
        assertEquals(new BigDecimal("0.003"), Rational.of(BigInteger.valueOf(3), BigInteger.valueOf(1000))
                .shortDecimal());
        assertTrue(Rational.of(5).negate().signum() < 0);
        assertTrue(Rational.of(BigInteger.TWO, BigInteger.TWO).isOne());
        assertThrows(ArithmeticException.class, () -> Rational.ONE.dividedBy(Rational.ZERO));
    }
}

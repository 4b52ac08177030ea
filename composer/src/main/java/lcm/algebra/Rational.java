package lcm.algebra;

import lcm.expr.NumberText;
import lcm.expr.Expr;

import java.math.MathContext;
import java.math.BigDecimal;
import java.math.BigInteger;

/** An exact rational number, for folding the coefficients of composed models. */
public record Rational(BigInteger num, BigInteger den) {

    public static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);
    public static final Rational ONE = new Rational(BigInteger.ONE, BigInteger.ONE);

    public Rational {
        if (den.signum() == 0) {
            throw new ArithmeticException("zero denominator");
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        BigInteger g = num.bitLength() < 63 && den.bitLength() < 63
                ? BigInteger.valueOf(gcd(Math.abs(num.longValue()), den.longValue()))
                : num.gcd(den);
        if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
            num = num.divide(g);
            den = den.divide(g);
        }
        if (num.signum() == 0) {
            den = BigInteger.ONE;
        }
    }

    /** The exponent b of d = 2^a 5^b, or -1 when d has another prime factor (1/d has no finite decimal). */
    private static int fives(BigInteger d) {
        BigInteger x = d.shiftRight(d.getLowestSetBit());
        int b = 0;
        if (x.bitLength() < 63) {
            long v = x.longValue();
            while (v % 5 == 0) {
                v /= 5;
                b++;
            }
            return v == 1 ? b : -1;
        }
        BigInteger five = BigInteger.valueOf(5);
        while (x.mod(five).signum() == 0) {
            x = x.divide(five);
            b++;
        }
        return x.equals(BigInteger.ONE) ? b : -1;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a == 0 ? 1 : a;
    }

    private static final BigInteger[] TENS = new BigInteger[40];

    static {
        TENS[0] = BigInteger.ONE;
        for (int i = 1; i < TENS.length; i++) {
            TENS[i] = TENS[i - 1].multiply(BigInteger.TEN);
        }
    }

    public static Rational of(BigDecimal v) {
        int scale = v.scale();
        if (scale <= 0) {
            return new Rational(v.toBigIntegerExact(), BigInteger.ONE);
        }
        BigInteger ten = scale < TENS.length ? TENS[scale] : BigInteger.TEN.pow(scale);
        return new Rational(v.unscaledValue(), ten);
    }

    public static Rational of(long v) {
        return new Rational(BigInteger.valueOf(v), BigInteger.ONE);
    }

    public Rational plus(Rational o) {
        if (small() && o.small()) {
            // a/b + c/d in longs while nothing can overflow (each part below 2^31)
            long n = num.longValue() * o.den.longValue() + o.num.longValue() * den.longValue();
            return new Rational(BigInteger.valueOf(n), BigInteger.valueOf(den.longValue() * o.den.longValue()));
        }
        return bounded(new Rational(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den)));
    }

    public Rational times(Rational o) {
        if (small() && o.small()) {
            return new Rational(BigInteger.valueOf(num.longValue() * o.num.longValue()),
                    BigInteger.valueOf(den.longValue() * o.den.longValue()));
        }
        return bounded(new Rational(num.multiply(o.num), den.multiply(o.den)));
    }

    public Rational dividedBy(Rational o) {
        if (small() && o.small()) {
            return new Rational(BigInteger.valueOf(num.longValue() * o.den.longValue()),
                    BigInteger.valueOf(den.longValue() * o.num.longValue()));
        }
        return bounded(new Rational(num.multiply(o.den), den.multiply(o.num)));
    }

    /** Numerator and denominator below 2^31 in magnitude: sums and products of two fit in a long. */
    private boolean small() {
        return num.bitLength() < 31 && den.bitLength() < 31;
    }

    /** Beyond this many bits in numerator or denominator (about 77 digits) a result is rounded. */
    static final int EXACT_BITS = 256;

    /**
     * The result itself while it is small; past {@link #EXACT_BITS} rounded to 34 significant
     * digits (a decimal, so its denominator is a power of ten). Summing thousands of
     * coefficients such as 1/17170 + 1/35041 + ... exactly makes the denominator the product of
     * all of them (hundreds of digits at 10^5 fragments), and every later addition pays a GCD of
     * that size: compose of 10^5 fragments spent most of its time there. 34 digits are far
     * beyond any measured coefficient's accuracy.
     */
    private static Rational bounded(Rational r) {
        if (r.num.bitLength() <= EXACT_BITS && r.den.bitLength() <= EXACT_BITS) {
            return r;
        }
        return of(new BigDecimal(r.num).divide(new BigDecimal(r.den), java.math.MathContext.DECIMAL128)
                .stripTrailingZeros());
    }

    public Rational negate() {
        return new Rational(num.negate(), den);
    }

    public int signum() {
        return num.signum();
    }

    public boolean isOne() {
        return num.equals(BigInteger.ONE) && den.equals(BigInteger.ONE);
    }

    public boolean isInteger() {
        return den.equals(BigInteger.ONE);
    }

    /**
     * The decimal form when it terminates and reads no longer than num/den does
     * (0.5, 0.002, 6.25e-7), else null (1/3, 1/102400).
     */
    public BigDecimal shortDecimal() {
        if (isInteger()) {
            return new BigDecimal(num);
        }
        int b = fives(den);
        if (b < 0) {
            return null; // 1/3, 1/102400 * 7/283...: no finite decimal, no need to divide
        }
        // num / (2^a 5^b) = num 2^(k-a) 5^(k-b) / 10^k with k = max(a, b): exact, without a division
        int a = den.getLowestSetBit();
        int k = Math.max(a, b);
        BigInteger unscaled = num.shiftLeft(k - a);
        if (k > b) {
            unscaled = unscaled.multiply(BigInteger.valueOf(5).pow(k - b));
        }
        BigDecimal v = new BigDecimal(unscaled, k);
        // the lengths of NumberText.exact(v) and of "num/den", counted without writing them
        return decimalLength(v) <= digits(num) + 1 + digits(den) ? v : null;
    }

    /** The length of {@link NumberText#exact(BigDecimal)} of {@code v}. */
    static int decimalLength(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        if (s.signum() == 0) {
            return 1;
        }
        int sign = s.signum() < 0 ? 1 : 0;
        int precision = s.precision();
        int scale = s.scale();
        int digitsLeft = precision - scale;
        if (digitsLeft > 12 || digitsLeft < -3) {
            int exponent = precision - 1 - scale;
            return sign + (precision == 1 ? 1 : precision + 1) + 1 + Integer.toString(exponent).length();
        }
        if (scale <= 0) {
            return sign + digitsLeft;
        }
        return sign + (digitsLeft > 0 ? precision + 1 : 2 - digitsLeft + precision);
    }

    /** Characters of an integer's decimal form, its sign included. */
    private static int digits(BigInteger x) {
        return (x.signum() < 0 ? 1 : 0) + new BigDecimal(x).precision();
    }

    /** As an expression: an integer, a short decimal, or num/den. */
    public Expr expr() {
        if (isInteger()) {
            return Alg.num(new BigDecimal(num));
        }
        BigDecimal d = shortDecimal();
        if (d != null) {
            return Alg.num(d);
        }
        return new Expr.Bin(Expr.Op.DIV, Alg.num(new BigDecimal(num)), Alg.num(new BigDecimal(den)));
    }

    public static Rational of(BigInteger num, BigInteger den) {
        return new Rational(num, den);
    }

    public double doubleValue() {
        return new BigDecimal(num).divide(new BigDecimal(den), MathContext.DECIMAL64).doubleValue();
    }
}

package lcm.algebra;

import lcm.expr.NumberText;
import lcm.expr.Expr;

import java.math.MathContext;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An exact rational number, for folding the coefficients of composed models. Always in lowest
 * terms with a positive denominator. Numerator and denominator are held in longs while both are
 * below 2^62 in magnitude (the coefficients of models almost always are: composing 10^5
 * fragments makes millions of them), in BigIntegers beyond; the value, not the form, decides.
 */
public final class Rational {

    /** Beyond this magnitude a part is held as a BigInteger. */
    private static final long SMALL = 1L << 62;

    public static final Rational ZERO = new Rational(0, 1);
    public static final Rational ONE = new Rational(1, 1);

    /** The parts while both are small ({@code bigNum == null}). */
    private final long n;
    private final long d;
    /** The parts when one is not small, else null. */
    private final BigInteger bigNum;
    private final BigInteger bigDen;

    /** {@code n/d} already in lowest terms, {@code d > 0}, both below {@link #SMALL}. */
    private Rational(long n, long d) {
        this.n = n;
        this.d = d;
        this.bigNum = null;
        this.bigDen = null;
    }

    /** num/den in lowest terms (the sign moved to the numerator); den must not be zero. */
    public Rational(BigInteger num, BigInteger den) {
        if (den.signum() == 0) {
            throw new ArithmeticException("zero denominator");
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        if (num.bitLength() < 63 && den.bitLength() < 63) {
            long[] r = lowest(num.longValue(), den.longValue());
            if (fits(r[0], r[1])) {
                this.n = r[0];
                this.d = r[1];
                this.bigNum = null;
                this.bigDen = null;
                return;
            }
            num = BigInteger.valueOf(r[0]);
            den = BigInteger.valueOf(r[1]);
        } else {
            BigInteger g = num.gcd(den);
            if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
                num = num.divide(g);
                den = den.divide(g);
            }
            if (num.signum() == 0) {
                den = BigInteger.ONE;
            }
            if (num.bitLength() < 63 && den.bitLength() < 63 && fits(num.longValue(), den.longValue())) {
                this.n = num.longValue();
                this.d = den.longValue();
                this.bigNum = null;
                this.bigDen = null;
                return;
            }
        }
        this.n = 0;
        this.d = 1;
        this.bigNum = num;
        this.bigDen = den;
    }

    private static boolean fits(long num, long den) {
        return num > -SMALL && num < SMALL && den < SMALL;
    }

    /** num/den (den > 0, both fit a long) in lowest terms: {num, den}. */
    private static long[] lowest(long num, long den) {
        if (num == 0) {
            return new long[] {0, 1};
        }
        long g = gcd(Math.abs(num), den);
        return g == 1 ? new long[] {num, den} : new long[] {num / g, den / g};
    }

    /** A small rational from any long parts (den != 0), reduced; null when a part leaves the long range. */
    private static Rational small(long num, long den) {
        if (den < 0) {
            if (num == Long.MIN_VALUE || den == Long.MIN_VALUE) {
                return null;
            }
            num = -num;
            den = -den;
        }
        if (num == 0) {
            return ZERO;
        }
        if (num == Long.MIN_VALUE) {
            return null;
        }
        long g = gcd(Math.abs(num), den);
        if (g != 1) {
            num /= g;
            den /= g;
        }
        if (!fits(num, den)) {
            return null;
        }
        return num == den ? ONE : new Rational(num, den);
    }

    /** Binary GCD of a >= 0 and b > 0. */
    private static long gcd(long a, long b) {
        if (a == 0) {
            return b;
        }
        int shift = Long.numberOfTrailingZeros(a | b);
        a >>>= Long.numberOfTrailingZeros(a);
        do {
            b >>>= Long.numberOfTrailingZeros(b);
            if (a > b) {
                long t = a;
                a = b;
                b = t;
            }
            b -= a;
        } while (b != 0);
        return a << shift;
    }

    private boolean isSmall() {
        return bigNum == null;
    }

    /** The numerator (its sign is the number's). */
    public BigInteger num() {
        return isSmall() ? BigInteger.valueOf(n) : bigNum;
    }

    /** The denominator, positive. */
    public BigInteger den() {
        return isSmall() ? BigInteger.valueOf(d) : bigDen;
    }

    /** The exponent b of d = 2^a 5^b, or -1 when d has another prime factor (1/d has no finite decimal). */
    private static int fives(BigInteger d) {
        BigInteger x = d.shiftRight(d.getLowestSetBit());
        if (x.bitLength() < 63) {
            return fives(x.longValue());
        }
        int b = 0;
        BigInteger five = BigInteger.valueOf(5);
        while (x.mod(five).signum() == 0) {
            x = x.divide(five);
            b++;
        }
        return x.equals(BigInteger.ONE) ? b : -1;
    }

    /** {@link #fives(BigInteger)} of an odd or even positive long. */
    private static int fives(long v) {
        v >>>= Long.numberOfTrailingZeros(v);
        int b = 0;
        while (v % 5 == 0) {
            v /= 5;
            b++;
        }
        return v == 1 ? b : -1;
    }

    private static final BigInteger[] TENS = new BigInteger[40];
    private static final long[] LONG_TENS = new long[19];

    static {
        TENS[0] = BigInteger.ONE;
        for (int i = 1; i < TENS.length; i++) {
            TENS[i] = TENS[i - 1].multiply(BigInteger.TEN);
        }
        LONG_TENS[0] = 1;
        for (int i = 1; i < LONG_TENS.length; i++) {
            LONG_TENS[i] = LONG_TENS[i - 1] * 10;
        }
    }

    public static Rational of(BigDecimal v) {
        int scale = v.scale();
        if (scale < LONG_TENS.length && v.precision() < 18) {
            if (scale <= 0) {
                if (v.precision() - scale < 18) {
                    return of(v.longValue());
                }
            } else {
                // precision < 18 digits: the unscaled value is below 10^17 in magnitude
                Rational r = small(v.unscaledValue().longValue(), LONG_TENS[scale]);
                if (r != null) {
                    return r;
                }
            }
        }
        if (scale <= 0) {
            return new Rational(v.toBigIntegerExact(), BigInteger.ONE);
        }
        BigInteger ten = scale < TENS.length ? TENS[scale] : BigInteger.TEN.pow(scale);
        return new Rational(v.unscaledValue(), ten);
    }

    public static Rational of(long v) {
        if (v == 0) {
            return ZERO;
        }
        if (v == 1) {
            return ONE;
        }
        return v > -SMALL && v < SMALL ? new Rational(v, 1) : new Rational(BigInteger.valueOf(v), BigInteger.ONE);
    }

    public Rational plus(Rational o) {
        if (isSmall() && o.isSmall()) {
            if (d == o.d) {
                // a/d + c/d: one addition (sums of integers, of decimals of one scale)
                long s = n + o.n; // both below 2^62 in magnitude: no overflow
                Rational r = small(s, d);
                if (r != null) {
                    return r;
                }
            } else {
                try {
                    long s = Math.addExact(Math.multiplyExact(n, o.d), Math.multiplyExact(o.n, d));
                    Rational r = small(s, Math.multiplyExact(d, o.d));
                    if (r != null) {
                        return r;
                    }
                } catch (ArithmeticException overflow) {
                    // exactly, in BigIntegers
                }
            }
        }
        return bounded(sum(num(), den(), o.num(), o.den()));
    }

    /**
     * a/b + c/e of two fractions in lowest terms, reduced by the GCD of the denominators first
     * (Knuth, TAOCP 4.5.1): with g = gcd(b, e) the sum is t/(b/g * e) for t = a e/g + c b/g,
     * and only gcd(t, g) is left to divide out, a GCD of numbers far smaller than the sum's
     * parts when the denominators are large.
     */
    private static Rational sum(BigInteger a, BigInteger b, BigInteger c, BigInteger e) {
        BigInteger g = b.gcd(e);
        if (g.equals(BigInteger.ONE)) {
            return reduced(a.multiply(e).add(c.multiply(b)), b.multiply(e));
        }
        BigInteger t = a.multiply(e.divide(g)).add(c.multiply(b.divide(g)));
        BigInteger g2 = t.gcd(g);
        BigInteger den = b.divide(g).multiply(e.divide(g2));
        return reduced(g2.equals(BigInteger.ONE) ? t : t.divide(g2), den);
    }

    /** num/den known to be in lowest terms with den > 0: no GCD taken. */
    private static Rational reduced(BigInteger num, BigInteger den) {
        if (num.signum() == 0) {
            return ZERO;
        }
        if (num.bitLength() < 63 && den.bitLength() < 63 && fits(num.longValue(), den.longValue())) {
            return new Rational(num.longValue(), den.longValue());
        }
        return new Rational(num, den, true);
    }

    /** num/den known to be in lowest terms, den > 0, one of them not small. */
    private Rational(BigInteger num, BigInteger den, boolean lowest) {
        this.n = 0;
        this.d = 1;
        this.bigNum = num;
        this.bigDen = den;
    }

    public Rational times(Rational o) {
        if (isSmall() && o.isSmall()) {
            if (o.d == 1 && o.n == 1) {
                return this;
            }
            if (d == 1 && n == 1) {
                return o;
            }
            try {
                Rational r = small(Math.multiplyExact(n, o.n), Math.multiplyExact(d, o.d));
                if (r != null) {
                    return r;
                }
            } catch (ArithmeticException overflow) {
                // exactly, in BigIntegers
            }
        }
        return bounded(new Rational(num().multiply(o.num()), den().multiply(o.den())));
    }

    public Rational dividedBy(Rational o) {
        if (isSmall() && o.isSmall() && o.n != 0) {
            if (o.d == 1 && o.n == 1) {
                return this;
            }
            try {
                Rational r = small(Math.multiplyExact(n, o.d), Math.multiplyExact(d, o.n));
                if (r != null) {
                    return r;
                }
            } catch (ArithmeticException overflow) {
                // exactly, in BigIntegers
            }
        }
        return bounded(new Rational(num().multiply(o.den()), den().multiply(o.num())));
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
        if (r.isSmall() || r.bigNum.bitLength() <= EXACT_BITS && r.bigDen.bitLength() <= EXACT_BITS) {
            return r;
        }
        return of(new BigDecimal(r.bigNum).divide(new BigDecimal(r.bigDen), java.math.MathContext.DECIMAL128)
                .stripTrailingZeros());
    }

    public Rational negate() {
        return isSmall() ? (n == 0 ? this : new Rational(-n, d)) : new Rational(bigNum.negate(), bigDen);
    }

    public int signum() {
        return isSmall() ? Long.signum(n) : bigNum.signum();
    }

    public boolean isOne() {
        return isSmall() && n == 1 && d == 1;
    }

    public boolean isInteger() {
        return isSmall() ? d == 1 : bigDen.equals(BigInteger.ONE);
    }

    /**
     * The decimal form when it terminates and reads no longer than num/den does
     * (0.5, 0.002, 6.25e-7), else null (1/3, 1/102400).
     */
    public BigDecimal shortDecimal() {
        if (isInteger()) {
            return isSmall() ? BigDecimal.valueOf(n) : new BigDecimal(bigNum);
        }
        int b = isSmall() ? fives(d) : fives(bigDen);
        if (b < 0) {
            return null; // 1/3, 1/102400 * 7/283...: no finite decimal, no need to divide
        }
        // num / (2^a 5^b) = num 2^(k-a) 5^(k-b) / 10^k with k = max(a, b): exact, without a division
        int a = isSmall() ? Long.numberOfTrailingZeros(d) : bigDen.getLowestSetBit();
        int k = Math.max(a, b);
        BigDecimal v = null;
        if (isSmall() && k < LONG_TENS.length) {
            // the scaled numerator n * 10^k / d in a long, when it fits
            long factor = LONG_TENS[k] / d;
            long hi = Math.multiplyHigh(n, factor);
            long lo = n * factor;
            if ((hi == 0 && lo >= 0) || (hi == -1 && lo < 0)) {
                v = BigDecimal.valueOf(lo, k);
            }
        }
        if (v == null) {
            BigInteger unscaled = num().shiftLeft(k - a);
            if (k > b) {
                unscaled = unscaled.multiply(BigInteger.valueOf(5).pow(k - b));
            }
            v = new BigDecimal(unscaled, k);
        }
        // the lengths of NumberText.exact(v) and of "num/den", counted without writing them
        int fraction = isSmall() ? digits(n) + 1 + digits(d) : digits(bigNum) + 1 + digits(bigDen);
        return decimalLength(v) <= fraction ? v : null;
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

    /** Characters of a long's decimal form (not Long.MIN_VALUE), its sign included. */
    private static int digits(long x) {
        int sign = x < 0 ? 1 : 0;
        long v = Math.abs(x);
        int k = 1;
        while (k < LONG_TENS.length && v >= LONG_TENS[k]) {
            k++;
        }
        return sign + k;
    }

    /** As an expression: an integer, a short decimal, or num/den. */
    public Expr expr() {
        Expr number = numberOrNull();
        return number != null ? number : new Expr.Bin(Expr.Op.DIV, numerator(), denominator());
    }

    /** As a number when it is an integer or a short decimal (what {@link #expr()} gives then), else null. */
    Expr numberOrNull() {
        if (isSmall() && d == 1) {
            return n == 0 ? Alg.ZERO : n == 1 ? Alg.ONE : Alg.num(BigDecimal.valueOf(n));
        }
        if (isInteger()) {
            return Alg.num(new BigDecimal(num()));
        }
        BigDecimal dec = shortDecimal();
        return dec == null ? null : Alg.num(dec);
    }

    /** The numerator as a number. */
    Expr numerator() {
        return Alg.num(isSmall() ? BigDecimal.valueOf(n) : new BigDecimal(bigNum));
    }

    /** The denominator as a number. */
    Expr denominator() {
        return Alg.num(isSmall() ? BigDecimal.valueOf(d) : new BigDecimal(bigDen));
    }

    /** 1/den: the numerator is one. */
    boolean isUnitFraction() {
        return isSmall() ? n == 1 : bigNum.equals(BigInteger.ONE);
    }

    public static Rational of(BigInteger num, BigInteger den) {
        return new Rational(num, den);
    }

    public double doubleValue() {
        return new BigDecimal(num()).divide(new BigDecimal(den()), MathContext.DECIMAL64).doubleValue();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Rational r)) {
            return false;
        }
        if (isSmall() != r.isSmall()) {
            return false; // one form per value
        }
        return isSmall() ? n == r.n && d == r.d : bigNum.equals(r.bigNum) && bigDen.equals(r.bigDen);
    }

    @Override
    public int hashCode() {
        return isSmall() ? Long.hashCode(n) * 31 + Long.hashCode(d) : bigNum.hashCode() * 31 + bigDen.hashCode();
    }

    @Override
    public String toString() {
        return "Rational[num=" + num() + ", den=" + den() + "]";
    }
}

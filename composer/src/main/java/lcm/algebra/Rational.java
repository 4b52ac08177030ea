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

    /** Whether 1/d has a finite decimal expansion: d has no prime factors but 2 and 5. */
    private static boolean terminates(BigInteger d) {
        BigInteger x = d.shiftRight(d.getLowestSetBit());
        if (x.bitLength() < 63) {
            long v = x.longValue();
            while (v % 5 == 0) {
                v /= 5;
            }
            return v == 1;
        }
        BigInteger five = BigInteger.valueOf(5);
        while (x.mod(five).signum() == 0) {
            x = x.divide(five);
        }
        return x.equals(BigInteger.ONE);
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
        return bounded(new Rational(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den)));
    }

    public Rational times(Rational o) {
        return bounded(new Rational(num.multiply(o.num), den.multiply(o.den)));
    }

    public Rational dividedBy(Rational o) {
        return bounded(new Rational(num.multiply(o.den), den.multiply(o.num)));
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
        if (!isInteger() && !terminates(den)) {
            return null; // 1/3, 1/102400 * 7/283...: no finite decimal, no need to divide
        }
        try {
            BigDecimal v = new BigDecimal(num).divide(new BigDecimal(den));
            String asDecimal = NumberText.exact(v);
            String asFraction = num + "/" + den;
            return isInteger() || asDecimal.length() <= asFraction.length() ? v : null;
        } catch (ArithmeticException nonTerminating) {
            return null;
        }
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

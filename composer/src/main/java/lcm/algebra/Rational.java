package lcm.algebra;

import lcm.expr.Expr;

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
        BigInteger g = num.gcd(den);
        if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
            num = num.divide(g);
            den = den.divide(g);
        }
        if (num.signum() == 0) {
            den = BigInteger.ONE;
        }
    }

    public static Rational of(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        if (s.scale() <= 0) {
            return new Rational(s.toBigIntegerExact(), BigInteger.ONE);
        }
        return new Rational(s.unscaledValue(), BigInteger.TEN.pow(s.scale()));
    }

    public static Rational of(long v) {
        return new Rational(BigInteger.valueOf(v), BigInteger.ONE);
    }

    public Rational plus(Rational o) {
        return new Rational(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
    }

    public Rational times(Rational o) {
        return new Rational(num.multiply(o.num), den.multiply(o.den));
    }

    public Rational dividedBy(Rational o) {
        return new Rational(num.multiply(o.den), den.multiply(o.num));
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
        try {
            BigDecimal v = new BigDecimal(num).divide(new BigDecimal(den));
            String asDecimal = lcm.expr.ExprPrinter.number(v);
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
        return new BigDecimal(num).divide(new BigDecimal(den), java.math.MathContext.DECIMAL64).doubleValue();
    }
}

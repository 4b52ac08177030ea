package lcm.trace;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Numbers as lcm prints them in text: whole numbers without a fraction, others to 12
 * significant digits with trailing zeros dropped (so 0.5553703870000001, the sum of nanosecond
 * timestamps in seconds, prints as 0.555370387). JSON output keeps the full double.
 */
public final class Num {

    private static final MathContext DIGITS = new MathContext(12);

    private Num() {
    }

    public static String text(double v) {
        return text(v, DIGITS);
    }

    /** To {@code digits} significant digits (the report's breakdown: 6). */
    public static String text(double v, int digits) {
        return text(v, new MathContext(digits));
    }

    private static String text(double v, MathContext digits) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        BigDecimal d = new BigDecimal(v).round(digits).stripTrailingZeros();
        int digitsLeft = d.precision() - d.scale();
        if (digitsLeft > 15 || digitsLeft < -5) {
            return d.toString().replace("E+", "e").replace("E", "e");
        }
        return d.toPlainString();
    }
}

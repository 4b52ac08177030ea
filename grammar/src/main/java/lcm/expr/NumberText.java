package lcm.expr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * How lcm writes numbers, everywhere a person reads one: models, reports, tables, messages,
 * traces, comparisons and the pp lines lcm measure writes. Whole numbers below 10^15 without a
 * fraction; others rounded to a number of significant digits with trailing zeros dropped,
 * plainly between 0.001 and 10^9 and as {@code 1.5e-5} beyond; {@code NaN}, {@code inf} and
 * {@code -inf} for the values that are not numbers. The digits are chosen here, once:
 * <ul>
 * <li>{@link #plain}: 7 significant digits, the default of every report, message and data line;
 * <li>{@link #digits}: fewer, for a table column whose width asks for it (a fit table's 4);
 * <li>{@link #fixed}: a fixed number of decimals, for columns aligned on the point (validate's
 *     seconds) and the fields of a run header;
 * <li>{@link #percent} and {@link #signedPercent}: one decimal, {@code 12.3 %};
 * <li>{@link #text}: 12 significant digits for the times of traces, so that sums of
 *     nanoseconds read as they were written;
 * <li>{@link #count}: whole counts with thousands separated, {@code 10,000}.
 * </ul>
 * JSON output keeps the full double and never goes through here; nor do numbers that are code
 * (the literals of generated Java).
 */
public final class NumberText {

    private NumberText() {
    }

    /** An exact decimal of a model: plain for moderate magnitudes, {@code 6.25e-7} beyond. */
    public static String exact(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        if (s.signum() == 0) {
            return "0";
        }
        int digitsLeft = s.precision() - s.scale();
        if (digitsLeft > 12 || digitsLeft < -3) {
            String digits = s.unscaledValue().abs().toString();
            int exponent = digits.length() - 1 - s.scale();
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            return (s.signum() < 0 ? "-" : "") + mantissa + "e" + exponent;
        }
        return s.toPlainString();
    }

    /** 26, 6.324555, 0.0012: up to 7 significant digits. */
    public static String plain(double v) {
        return digits(v, 7);
    }

    /** Up to {@code significant} significant digits. */
    public static String digits(double v, int significant) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(significant)).stripTrailingZeros();
        int magnitude = d.precision() - d.scale();
        if (magnitude > 9 || magnitude < -3) {
            String t = String.format(Locale.ROOT, "%." + (significant - 1) + "e", d);
            int e = t.indexOf('e');
            String mantissa = t.substring(0, e);
            if (mantissa.contains(".")) {
                mantissa = mantissa.replaceAll("\\.?0+$", "");
            }
            return mantissa + "e" + Integer.parseInt(t.substring(e + 1).replace("+", ""));
        }
        return d.toPlainString();
    }

    /** Times and counts of traces: 12 significant digits, so sums of nanoseconds read as they were written. */
    public static String text(double v) {
        return digits(v, 12);
    }

    /** {@code n = 1024, p = 26}: a point, its values by {@link #plain}. */
    public static String point(Map<String, Double> at) {
        StringJoiner j = new StringJoiner(", ");
        at.forEach((k, v) -> j.add(k + " = " + plain(v)));
        return j.toString();
    }

    /** A percentage with one decimal: {@code 12.3 %}. */
    public static String percent(double fraction) {
        return fixed(100 * fraction, 1) + " %";
    }

    /** A percentage with one decimal and its sign: {@code +12.3 %}, {@code -4.0 %}. */
    public static String signedPercent(double fraction) {
        return signedFixed(100 * fraction, 1) + " %";
    }

    /** {@link #fixed} with a sign also when positive: {@code +0.25}, {@code -1.50}; NaN without one. */
    public static String signedFixed(double v, int decimals) {
        String t = fixed(v, decimals);
        return t.startsWith("-") || Double.isNaN(v) ? t : "+" + t;
    }

    /** {@code decimals} decimals, for columns aligned on the point: {@code 0.2266}; NaN, inf, -inf as above. */
    public static String fixed(double v, int decimals) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /**
     * A count and a regular noun, singular for one: {@code counted(1, "run")} is {@code 1 run},
     * {@code counted(59, "resample")} is {@code 59 resamples} (the count without separators).
     */
    public static String counted(long n, String noun) {
        return n + " " + (n == 1 ? noun : noun + "s");
    }

    /** A whole count with its thousands separated: {@code 10,000}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}

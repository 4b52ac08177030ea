package lcm.compare;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/** How compare prints numbers: integers as integers, others with a few significant digits. */
public final class Numbers {

    private Numbers() {
    }

    /** 26, 6.324555, 0.0012 (up to 7 significant digits, no trailing zeros). */
    public static String plain(double v) {
        return digits(v, 7);
    }

    /** Up to {@code significant} significant digits, no trailing zeros, scientific when very large or small. */
    public static String digits(double v, int significant) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.valueOf((long) v);
        }
        BigDecimal b = new BigDecimal(v, new MathContext(significant)).stripTrailingZeros();
        int magnitude = b.precision() - b.scale();
        if (magnitude > 9 || magnitude < -3) {
            return String.format(Locale.ROOT, "%." + (significant - 1) + "e", v).replaceAll("\\.?0+e", "e");
        }
        return b.toPlainString();
    }

    /** A percentage with one decimal: 12.3 %. */
    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * fraction);
    }

    /** n = 1024, p = 26 */
    public static String point(Map<String, Double> at) {
        StringJoiner j = new StringJoiner(", ");
        at.forEach((k, v) -> j.add(k + " = " + plain(v)));
        return j.toString();
    }
}

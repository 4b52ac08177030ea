package lcm.bench;

import java.util.Locale;

/** Four significant digits, plain for ordinary magnitudes, with thousands separators. */
final class Num {

    private Num() {
    }

    static String text(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        if (a >= 1e4) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1 || a == 0) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        if (a >= 1e-3) {
            return String.format(Locale.ROOT, "%.4f", v);
        }
        return String.format(Locale.ROOT, "%.3e", v);
    }
}

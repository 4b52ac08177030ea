package lcm.expr;

import java.util.Arrays;

/** The median of some numbers, one definition for every report and benchmark. */
public final class Median {

    private Median() {
    }

    /** The median; for an even count the mean of the two middle values; NaN for none. */
    public static double of(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : (s[h - 1] + s[h]) / 2;
    }
}

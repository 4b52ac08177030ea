package lcm.validate;

import java.util.Arrays;

/**
 * A prediction and its 90 % interval: the 5th and 95th percentiles of the predictions made from
 * bootstrap resamples of the fitted runs (NaN ends when there were none).
 */
public record Interval(double value, double low, double high) {

    /** A prediction without an interval. */
    public static Interval point(double value) {
        return new Interval(value, Double.NaN, Double.NaN);
    }

    /** {@code value} with the 90 % interval of {@code resampled} (NaN ends when it is empty). */
    public static Interval of(double value, double[] resampled) {
        if (resampled.length == 0) {
            return point(value);
        }
        double[] s = resampled.clone();
        Arrays.sort(s);
        return new Interval(value, quantile(s, 0.05), quantile(s, 0.95));
    }

    public boolean hasInterval() {
        return Double.isFinite(low) && Double.isFinite(high);
    }

    public boolean contains(double x) {
        return hasInterval() && x >= low && x <= high;
    }

    /** Half the interval's width, relative to the prediction (NaN without an interval). */
    public double relativeHalfWidth() {
        return (high - low) / 2 / Math.abs(value);
    }

    /** Whether two intervals share a value (two predictions without intervals overlap only when equal). */
    public boolean overlaps(Interval o) {
        if (!hasInterval() || !o.hasInterval()) {
            return value == o.value;
        }
        return low <= o.high && o.low <= high;
    }

    /** The upper end (the value itself without an interval). */
    double upper() {
        return hasInterval() ? high : value;
    }

    double lower() {
        return hasInterval() ? low : value;
    }

    /** The q-quantile of sorted values, interpolated between order statistics (R's type 7). */
    static double quantile(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}

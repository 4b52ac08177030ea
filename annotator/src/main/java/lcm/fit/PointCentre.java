package lcm.fit;

import java.util.Arrays;

/**
 * A point's value and spread from its runs, for {@link Series}: the centre is Huber's
 * M-estimate of location (robust to one run taken under load), the spread the relative standard
 * deviation (from five runs on, from the median absolute deviation).
 */
final class PointCentre {

    private PointCentre() {
    }

    /**
     * The centre of a point's runs: Huber's M-estimate of location, with the scale the typical
     * relative spread of the data's points times the point's magnitude. Runs within
     * {@value #HUBER_K} scales count fully (well-behaved runs give their mean); a run further out
     * counts as if it were at that distance, so one run taken under load or with a collection in it
     * cannot steer the point. Fewer than three runs, or no spread to judge by: the mean.
     */
    static double huber(int[] rows, double[] y, double mean, double typical) {
        if (rows.length < 3 || !(typical > 0)) {
            return mean;
        }
        double[] v = new double[rows.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = y[rows[i]];
        }
        Arrays.sort(v);
        int n = v.length;
        double mu = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        double scale = typical * Math.abs(mu);
        if (!(scale > 0)) {
            return mean;
        }
        double cut = HUBER_K * scale;
        for (int iteration = 0; iteration < 50; iteration++) {
            double num = 0;
            double den = 0;
            for (double x : v) {
                double d = Math.abs(x - mu);
                double w = d <= cut ? 1 : cut / d;
                num += w * x;
                den += w;
            }
            double next = num / den;
            if (Math.abs(next - mu) <= 1e-12 * Math.abs(mu)) {
                return next;
            }
            mu = next;
        }
        return mu;
    }

    /** Runs within this many scales of a point's centre count fully in it. */
    static final double HUBER_K = 2;

    /**
     * The relative spread of a point's runs around {@code centre}: the standard deviation (from
     * five runs on, 1.4826 times the median absolute deviation, which one wild run cannot
     * inflate) over the centre's magnitude; NaN for a single run.
     */
    static double spread(int[] rows, double[] y, double centre) {
        int n = rows.length;
        if (n < 2) {
            return Double.NaN;
        }
        double scale = Math.abs(centre);
        double sd;
        if (n >= 5) {
            double[] dev = new double[n];
            for (int i = 0; i < n; i++) {
                dev[i] = Math.abs(y[rows[i]] - centre);
            }
            Arrays.sort(dev);
            sd = 1.4826 * (n % 2 == 1 ? dev[n / 2] : (dev[n / 2 - 1] + dev[n / 2]) / 2);
        } else {
            double ss = 0;
            for (int r : rows) {
                ss += (y[r] - centre) * (y[r] - centre);
            }
            sd = Math.sqrt(ss / (n - 1));
        }
        return scale > 0 ? sd / scale : (sd > 0 ? Double.POSITIVE_INFINITY : 0);
    }
}

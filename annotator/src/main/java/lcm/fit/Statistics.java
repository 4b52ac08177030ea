package lcm.fit;

import org.apache.commons.math3.distribution.TDistribution;

/** Goodness-of-fit arithmetic shared by the linear and nonlinear fitters. */
final class Statistics {

    private static final int CACHED = 2000;
    private static final double[] T95 = new double[CACHED + 1];

    private Statistics() {
    }

    /** The 0.95 quantile of Student's t with {@code dof} degrees of freedom (two-sided 90 %). */
    static double t90(int dof) {
        if (dof < 1) {
            return Double.NaN;
        }
        if (dof > CACHED) {
            return 1.6448536269514722;
        }
        double t = T95[dof];
        if (t == 0) {
            t = new TDistribution(null, dof).inverseCumulativeProbability(0.95);
            T95[dof] = t;
        }
        return t;
    }

    /**
     * R² = 1 - RSS/TSS. Data that do not vary (TSS = 0) are explained completely by an exact fit
     * and not at all otherwise.
     */
    static double r2(double rss, double tss, double scale, int rows) {
        if (tss <= 1e-24 * scale * scale * rows) {
            return rss <= 1e-20 * scale * scale * rows ? 1 : 0;
        }
        return 1 - rss / tss;
    }

    /** Adjusted R² = 1 - (RSS/(n-k)) / (TSS/(n-1)); NaN without degrees of freedom. */
    static double adjustedR2(double r2, int rows, int k) {
        if (rows - k < 1 || rows < 2) {
            return Double.NaN;
        }
        return 1 - (1 - r2) * (rows - 1) / (rows - k);
    }
}

package lcm.compare;

/**
 * Locates where the best model stops being a given one, between two values of one coordinate,
 * by bisection to {@value #TOLERANCE} relative: far inside the 1e-6 compare promises. Not
 * thread-safe (it reuses one point array).
 */
final class Bisection {

    static final double TOLERANCE = 1e-12;
    private static final int MAX_STEPS = 200;

    private final CompiledModels models;
    private final double[] x;

    Bisection(CompiledModels models, int dimensions) {
        this.models = models;
        this.x = new double[dimensions];
    }

    /**
     * The change along coordinate {@code k} in {@code [lo, hi]}, where {@code left} is best at
     * {@code lo} and not at {@code hi}; the other coordinate (if any) is {@code other}.
     */
    double along(int k, double lo, double hi, int left, double other) {
        if (x.length > 1) {
            x[1 - k] = other;
        }
        for (int i = 0; i < MAX_STEPS && hi - lo > TOLERANCE * Math.max(Math.abs(lo), Math.abs(hi)); i++) {
            double mid = lo + (hi - lo) / 2;
            if (mid <= lo || mid >= hi) {
                break;
            }
            x[k] = mid;
            if (models.best(x) == left) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo + (hi - lo) / 2;
    }

    /** The best model with coordinate {@code k} at {@code value} and the other at {@code other}. */
    int best(int k, double value, double other) {
        if (x.length > 1) {
            x[1 - k] = other;
        }
        x[k] = value;
        return models.best(x);
    }
}

package lcm.explore;

import lcm.validate.Interval;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether two variants are equal within the models' accuracy. With resampled models (the
 * program's models fitted to R bootstrap resamples of its runs, every variant composed with each),
 * two variants are equal where the 90 % interval of their paired difference contains 0: the
 * difference is the mean over the points of log(T_a / T_b), taken with the same resample's models
 * for both, so the error the two variants share (most of their fragments' models) cancels.
 * Without resamples, or where fewer than two resamples composed both, they are equal only where
 * they predict the same T_P at every point.
 */
final class PairedEquality {

    private final List<Map<String, double[]>> resampled;

    /** @param resampled per resample, each variant's T_P at the points by its signature */
    PairedEquality(List<Map<String, double[]>> resampled) {
        this.resampled = List.copyOf(resampled);
    }

    static PairedEquality pointPredictions() {
        return new PairedEquality(List.of());
    }

    /** Resamples the equality is judged on (0: point predictions). */
    int resamples() {
        return resampled.size();
    }

    boolean equal(Prediction a, Prediction b) {
        if (a.sameTimes(b)) {
            return true;
        }
        List<Double> d = new ArrayList<>();
        for (Map<String, double[]> r : resampled) {
            double[] ta = r.get(a.variant().signature());
            double[] tb = r.get(b.variant().signature());
            if (ta != null && tb != null) {
                d.add(logRatio(ta, tb));
            }
        }
        if (d.size() < 2) {
            return false;
        }
        double[] times = new double[a.values().size()];
        double[] others = new double[times.length];
        for (int i = 0; i < times.length; i++) {
            times[i] = a.time(i);
            others[i] = b.time(i);
        }
        return Interval.of(logRatio(times, others), d.stream().mapToDouble(Double::doubleValue).toArray()).contains(0);
    }

    /** The mean over the points of log(a / b). */
    static double logRatio(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.log(a[i] / b[i]);
        }
        return sum / a.length;
    }
}

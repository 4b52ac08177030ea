package lcm.validate;

import lcm.expr.Median;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * How far a prediction made from fitted models may be off, from three causes measured on the
 * runs the models are fitted on (docs/validation.md, "Intervals"), each a fraction of the
 * prediction:
 * <ul>
 * <li><b>noise</b>: a run's time about its point's centre, pooled over the points (relative
 * deviations from each point's mean, Σ(n_i - 1) degrees of freedom), times the 95 % quantile of
 * Student's t with those degrees of freedom: where one run lands;</li>
 * <li><b>composition</b>: the measured structure composed from its own fitted models against its
 * own runs, the 90th percentile of the points' |relative error|: what the models and the rules
 * miss where nothing is extrapolated;</li>
 * <li><b>forward</b>: the models fitted without the runs at the largest p and the measured
 * structure composed from them, their median |relative error| at that p, per doubling of p between
 * the two largest values: what extrapolating in p costs, grown with the doublings of p by which a
 * point lies beyond the fitted runs (0 inside them).</li>
 * </ul>
 * The noise term is for one run; a point's measured time is the median of its runs, whose spread
 * is smaller ({@link #medianFactor}). A bootstrap of the fitted runs, when asked for, adds the fit's
 * own spread. The causes add as variances: the half-width at a point is sqrt((noise x
 * medianFactor)^2 + fit^2 + composition^2 + (forward x doublings)^2). They overlap in part (the
 * composition's error on the measured runs holds their noise too), so the interval errs wide.
 *
 * @param noise       the noise term (NaN when no point has two runs)
 * @param composition the composition term (NaN when the measured structure could not be composed)
 * @param forward     the forward term per doubling (NaN with fewer than two values of p, or when
 *                    the fit without the largest p failed)
 * @param fittedP     the largest p of the fitted runs: doublings are counted from it
 */
public record ModelError(double noise, double composition, double forward, double fittedP) {

    /** The confidence of the intervals: 90 %, two-sided. */
    static final double CONFIDENCE = 0.90;

    /**
     * The relative half-width at processors {@code p} for a measured time that is the median of
     * {@code runs} runs, with {@code fit} the relative spread of the fit itself (a bootstrap's; 0
     * without one): the terms added as variances, unknown ones left out.
     */
    public double halfWidth(double p, int runs, double fit) {
        double doublings = Math.max(0, Math.log(p / fittedP) / Math.log(2));
        double sum = 0;
        for (double t : new double[] {noise * medianFactor(runs), fit, composition,
                Double.isNaN(forward) ? Double.NaN : forward * doublings}) {
            if (Double.isFinite(t)) {
                sum += t * t;
            }
        }
        return Math.sqrt(sum);
    }

    /**
     * The standard deviation of the median of {@code runs} runs, in units of one run's: 1/sqrt(n)
     * for one or two runs (their median is their mean), else the large-sample sqrt(pi / 2n) (for
     * three runs 0.72, where the exact value for normal runs is 0.67: a little wide).
     */
    static double medianFactor(int runs) {
        if (runs < 1) {
            return 1;
        }
        return runs <= 2 ? 1 / Math.sqrt(runs) : Math.sqrt(Math.PI / (2.0 * runs));
    }

    /**
     * {@code value} with its interval at processors {@code p}, for a measured time that is the
     * median of {@code runs} runs; {@code resampled} are the bootstrap's predictions (none: no
     * fit term), whose relative spread below and above is the fit's term on each side. Never below 0.
     */
    public Interval around(double value, double p, int runs, double[] resampled) {
        double scale = Math.abs(value);
        double below = 0;
        double above = 0;
        if (resampled.length > 0) {
            Interval boot = Interval.of(value, resampled);
            below = Math.max(0, (value - boot.low()) / scale);
            above = Math.max(0, (boot.high() - value) / scale);
        }
        return new Interval(value, Math.max(0, value - halfWidth(p, runs, below) * scale),
                value + halfWidth(p, runs, above) * scale);
    }

    /**
     * The noise term of runs grouped by point: pooled relative standard deviation times the
     * two-sided {@link #CONFIDENCE} quantile of t (NaN when no point has two runs).
     */
    static double noise(List<MeasuredPoint> points) {
        double squares = 0;
        int df = 0;
        for (MeasuredPoint p : points) {
            double[] t = p.runs().stream().mapToDouble(r -> r.time()).toArray();
            if (t.length < 2) {
                continue;
            }
            double mean = Arrays.stream(t).average().orElseThrow();
            if (!(mean > 0)) {
                continue;
            }
            for (double x : t) {
                squares += (x / mean - 1) * (x / mean - 1);
            }
            df += t.length - 1;
        }
        if (df == 0) {
            return Double.NaN;
        }
        double quantile = new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        return quantile * Math.sqrt(squares / df);
    }

    /** |relative error| of {@code model} at each point (its time against the point's median run); non-finite ones left out. */
    static double[] errors(List<MeasuredPoint> points, ToDoubleFunction<MeasuredPoint> predicted) {
        List<Double> out = new ArrayList<>();
        for (MeasuredPoint p : points) {
            double e = Math.abs(predicted.applyAsDouble(p) / p.time() - 1);
            if (Double.isFinite(e)) {
                out.add(e);
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The composition term from the errors at the measured structure's points (NaN when there are none). */
    static double composition(double[] errors) {
        if (errors.length == 0) {
            return Double.NaN;
        }
        double[] s = errors.clone();
        Arrays.sort(s);
        return Interval.quantile(s, CONFIDENCE);
    }

    /** The forward term from the errors at the largest p, {@code doublings} beyond the smaller fitted p (NaN when there are none). */
    static double forward(double[] errors, double doublings) {
        if (errors.length == 0 || !(doublings > 0)) {
            return Double.NaN;
        }
        return Median.of(errors) / doublings;
    }

    /** The distinct values of p of the points, ascending. */
    static double[] processors(List<MeasuredPoint> points) {
        return points.stream().mapToDouble(MeasuredPoint::processors).distinct().sorted().toArray();
    }
}

package lcm.annotate;

import lcm.fit.Fit;
import lcm.fit.ModelFitter;
import lcm.fit.Series;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Measurements of one quantity prepared for relative least squares: every measurement is
 * divided by the mean of its point (floored at {@value #FLOOR} of the largest mean, so that
 * exact zeros count), and so is the form fitted to it. Least squares then minimizes relative
 * errors, and the leave-one-point-out cross-validation error of a fit is relative (0.02 is 2 %).
 * Timings carry multiplicative noise, and lost cycles span orders of magnitude over a design
 * (n^2 log n grows 256-fold from n = 64 to 1024): plain least squares fits the largest values
 * and leaves the small ones wrong by tens of percent.
 *
 * <p>The scaling is done with the fitter's own machinery: the weight is one more variable of
 * the series ({@value #WEIGHT}), and the form is multiplied by it ({@link Shape#weightedForm}).
 */
final class RelativeSeries {

    /** The slot holding each point's weight 1 / max(|mean|, floor); not a name any data file can use. */
    static final String WEIGHT = "lcm:weight";
    static final double FLOOR = 1e-3;

    private final List<String> variables;
    private final Series plain;
    private final Series weighted;

    private RelativeSeries(List<String> variables, Series plain, Series weighted) {
        this.variables = List.copyOf(variables);
        this.plain = plain;
        this.weighted = weighted;
    }

    static RelativeSeries of(Series plain) {
        Map<List<Double>, Double> means = new HashMap<>();
        double scale = plain.scale();
        for (int i = 0; i < plain.points(); i++) {
            means.put(key(plain.pointX(i)), plain.mean(i));
        }
        int v = plain.variables().size();
        double[][] x = new double[plain.rows()][];
        double[] y = new double[plain.rows()];
        for (int r = 0; r < plain.rows(); r++) {
            double[] row = Arrays.copyOf(plain.rowX(r), v + 1);
            double mean = means.get(key(plain.rowX(r)));
            double w = 1 / Math.max(Math.abs(mean), FLOOR * scale);
            row[v] = w;
            x[r] = row;
            y[r] = plain.rowY(r) * w;
        }
        List<String> slots = new ArrayList<>(plain.variables());
        slots.add(WEIGHT);
        return new RelativeSeries(plain.variables(), plain, Series.of(slots, x, y));
    }

    private static List<Double> key(double[] x) {
        List<Double> k = new ArrayList<>(x.length);
        for (double d : x) {
            k.add(d);
        }
        return k;
    }

    /** Whether every measurement is 0: nothing to learn (or, for a whole category, nothing to write). */
    boolean allZero() {
        for (int r = 0; r < plain.rows(); r++) {
            if (plain.rowY(r) != 0) {
                return false;
            }
        }
        return true;
    }

    Series plain() {
        return plain;
    }

    List<String> variables() {
        return variables;
    }

    int points() {
        return plain.points();
    }

    /** The relative noise of the point means (0 without repeated points): differences below it are not real. */
    double noise() {
        return weighted.noise();
    }

    /** Fits {@code shape} by relative least squares; the fit's coefficients are the shape's, its errors relative. */
    Fit fit(ModelFitter fitter, Shape shape) {
        return fitter.fitOne(shape.weightedForm(variables, WEIGHT), weighted);
    }
}

package lcm.fit;

import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Relative least squares for one series: every measurement is divided by the centre of its point
 * (floored at {@value #FLOOR} of the largest, so that exact zeros count), and so is the form
 * fitted to it; a point whose runs spread more counts less ({@link Series#spreadWeights}). Least squares then minimizes relative errors, and the leave-one-point-out
 * cross-validation errors of a fit are relative (0.02 is 2 %). Timings carry multiplicative noise,
 * and lost cycles span orders of magnitude over a multi-variable design (n^2 log n grows 256-fold
 * from n = 64 to 1024): plain least squares fits the largest values and leaves the small ones wrong
 * by tens of percent (25 % at n = 64 for the fft2d fixture's cffts pc).
 *
 * <p>The scaling uses the fitter's own machinery: the weight is one more slot of the series
 * ({@value #WEIGHT}), and each term of the form is multiplied by it. The fit returned is of the
 * plain form ({@link Fit#relative()} set).
 */
final class RelativeFit {

    /** The slot holding each point's weight 1 / max(|mean|, floor); not a name any data file can use. */
    static final String WEIGHT = "lcm:weight";
    static final double FLOOR = 1e-3;

    private final Series plain;
    private final Series weighted;
    private final double[] pointWeights;

    private RelativeFit(Series plain, Series weighted, double[] pointWeights) {
        this.plain = plain;
        this.weighted = weighted;
        this.pointWeights = pointWeights;
    }

    static RelativeFit of(Series plain) {
        return of(plain, 0);
    }

    /**
     * @param noiseFloor the smallest scale a point gets (a quantity's noise floor: li measured where
     *                   it is 0, {@link ZeroOnOneProcessor}); a value within it of 0 is no relative
     *                   measurement, and would otherwise weigh up to 1,000 times the others
     */
    static RelativeFit of(Series plain, double noiseFloor) {
        Map<List<Double>, Double> weights = new HashMap<>();
        double scale = plain.scale();
        double[] pw = new double[plain.points()];
        double[] spread = plain.spreadWeights();
        for (int i = 0; i < plain.points(); i++) {
            pw[i] = weight(Math.max(Math.abs(plain.centre(i)), noiseFloor), scale) * Math.sqrt(spread[i]);
            weights.put(key(plain.pointX(i)), pw[i]);
        }
        int v = plain.variables().size();
        double[][] x = new double[plain.rows()][];
        double[] y = new double[plain.rows()];
        for (int r = 0; r < plain.rows(); r++) {
            double[] row = Arrays.copyOf(plain.rowX(r), v + 1);
            double w = weights.get(key(plain.rowX(r)));
            row[v] = w;
            x[r] = row;
            y[r] = plain.rowY(r) * w;
        }
        List<String> slots = new ArrayList<>(plain.variables());
        slots.add(WEIGHT);
        return new RelativeFit(plain, Series.of(slots, x, y), pw);
    }

    private static double weight(double mean, double scale) {
        double d = Math.max(Math.abs(mean), FLOOR * scale);
        return d > 0 ? 1 / d : 1;
    }

    private static List<Double> key(double[] x) {
        List<Double> k = new ArrayList<>(x.length);
        for (double d : x) {
            k.add(d);
        }
        return k;
    }

    Series plain() {
        return plain;
    }

    /** The weight of each point of {@link #plain()} (in its point order). */
    double[] pointWeights() {
        return pointWeights.clone();
    }

    /** The relative noise of the point means (0 without repeated points): differences below it are not real. */
    double noise() {
        return weighted.noise();
    }

    /** Fits {@code form} (over the plain series' variables) by relative least squares. */
    Fit fit(ModelFitter fitter, CandidateForm form) {
        List<String> slots = new ArrayList<>(form.variables());
        slots.add(WEIGHT);
        Expr w = Expr.var(WEIGHT);
        Expr weightedForm;
        if (FormStructure.of(form) instanceof FormStructure.Linear lin) {
            Expr sum = lin.offset().map(o -> Expr.product(o, w)).orElse(null);
            for (int j = 0; j < lin.basis().size(); j++) {
                Expr term = Expr.product(Expr.product(Expr.var(form.coefficients().get(j)), lin.basis().get(j)), w);
                sum = sum == null ? term : Expr.add(sum, term);
            }
            weightedForm = sum;
        } else {
            weightedForm = Expr.product(form.form(), w);
        }
        CandidateForm wf = CandidateForm.of(weightedForm, slots, form.origin(), form.at());
        Fit f = fitter.fitOne(wf, weighted).as(form, true);
        if (!f.ok()) {
            return f;
        }
        // R² on the data's own scale (the weighted data's total sum of squares means nothing)
        double rss = plain.ssWithin();
        double[] model = Prediction.atPoints(f, plain);
        for (int i = 0; i < plain.points(); i++) {
            double e = plain.centre(i) - model[i];
            rss += plain.reps(i) * e * e;
        }
        double r2 = Statistics.r2(rss, plain.tss(), plain.scale(), plain.rows());
        return new Fit(form, f.coefficients(), r2, Statistics.adjustedR2(r2, plain.rows(), f.coefficientCount()),
                f.cvError(), f.cvRelative(), f.rss(), f.rows(), f.covariance(), f.problem(), true);
    }
}

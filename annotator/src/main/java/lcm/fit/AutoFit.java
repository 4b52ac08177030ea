package lcm.fit;

import lcm.expr.NumberText;
import lcm.annotation.Category;
import lcm.expr.Expr;
import lcm.source.UserError;

import java.util.List;

/**
 * The entry point for fitting a few (x, y) points with the automatically chosen form, as
 * {@code lcm fit -c CATEGORY -v VARIABLE} would choose it (the category's table forms, the
 * normal-form search where the table asks for it or no table form fits within
 * {@value ModelFitter#SEARCH_THRESHOLD}, the selection rule of docs/fitting.md, physical
 * constraints): the selected model and its 90 % prediction interval anywhere. For per-phase
 * execution signatures (Carlson et al.), fit a phase's runtimes against {@code p} as
 * {@link Category#PC}: the table's first form is the signature {@code k1 + k2/p} (the rate
 * p/(k1 p + k2)).
 *
 * <pre>
 * AutoFit f = AutoFit.of(Category.PC, "p", new double[] {8, 16, 32}, new double[] {447, 270, 185});
 * f.model();               // 96.5+2800/p
 * f.at(64).value();        // 140.25
 * f.at(64).low();          // lower end of the 90 % prediction interval
 * </pre>
 *
 * Thread-safe (one {@link ModelFitter} per thread).
 *
 * @param result every candidate, ranked, with notes
 * @param fit    the selected fit
 */
public record AutoFit(FitResult result, Fit fit) {

    private static final ThreadLocal<ModelFitter> FITTERS = ThreadLocal.withInitial(() -> new ModelFitter(CandidateTable.defaults()));

    /**
     * Fits {@code y} against {@code x} (one value per point; repeated x values are repetitions).
     *
     * @throws UserError when no candidate can be fitted (too few points, no finite values)
     */
    public static AutoFit of(Category category, String variable, double[] x, double[] y) {
        double[][] xs = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            xs[i] = new double[] {x[i]};
        }
        Series s = Series.of(List.of(variable), xs, y);
        FitRequest request = new FitRequest(List.of(), category.key(), category, List.of(variable), List.of(), false, true);
        FitResult r = FITTERS.get().fit(request, s);
        Fit best = r.best().orElseThrow(() -> UserError.of("no form could be fitted to " + NumberText.counted(x.length, "point") + " of "
                + category.key() + " against " + variable + (r.notes().isEmpty() ? "" : ": " + r.notes().get(r.notes().size() - 1))));
        return new AutoFit(r, best);
    }

    /** The selected model with its fitted coefficients. */
    public Expr model() {
        return fit.model();
    }

    /** The model's value at {@code x} with the 90 % prediction interval of one new measurement there. */
    public Prediction at(double x) {
        return Prediction.of(fit, result.series(), x);
    }
}

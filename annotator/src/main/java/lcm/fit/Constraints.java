package lcm.fit;

import lcm.expr.NumberText;
import java.util.function.Function;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Physical constraints on fitted models: lost cycles and times are not negative. For data that
 * are nowhere negative, a one-variable model that is negative somewhere between the smallest
 * measured value of its variable and {@value #EXTRAPOLATION} times the largest is rejected (a note
 * names the form and the point), so that it is never selected.
 */
final class Constraints {

    /** How far beyond the largest measured value models must stay non-negative. */
    static final double EXTRAPOLATION = 16;

    private static final int STEPS = 48;

    private Constraints() {
    }

    /** The fits that go negative where the data cannot; a note for each goes to {@code notes}. */
    static Set<Fit> negative(List<Fit> fits, Series s, List<String> notes,
                             Function<CandidateForm, PreparedForm> prepare) {
        Set<Fit> out = new HashSet<>();
        if (s.variables().size() != 1 || s.points() == 0) {
            return out;
        }
        for (int i = 0; i < s.rows(); i++) {
            if (s.rowY(i) < 0) {
                return out;
            }
        }
        double lo = s.pointX(0)[0];
        double hi = s.pointX(s.points() - 1)[0] * EXTRAPOLATION;
        double tolerance = 1e-9 * s.scale();
        for (Fit f : fits) {
            if (!f.ok()) {
                continue;
            }
            double at = firstNegative(prepare.apply(f.candidate()), f, lo, hi, tolerance);
            if (!Double.isNaN(at)) {
                out.add(f);
                notes.add(f.model().text() + " is negative at " + s.variables().get(0) + " = " + NumberText.digits(at, 4)
                        + "; not selected (times and lost cycles are not negative)");
            }
        }
        return out;
    }

    private static double firstNegative(PreparedForm pf, Fit f, double lo, double hi, double tolerance) {
        double[] env = new double[1 + f.coefficients().size()];
        double[] b = f.values();
        System.arraycopy(b, 0, env, 1, b.length);
        List<Double> xs = new ArrayList<>();
        if (lo > 0) {
            double ratio = Math.pow(hi / lo, 1.0 / STEPS);
            for (int i = 0; i <= STEPS; i++) {
                xs.add(lo * Math.pow(ratio, i));
            }
        } else {
            for (int i = 0; i <= STEPS; i++) {
                xs.add(lo + (hi - lo) * i / STEPS);
            }
        }
        for (double x : xs) {
            env[0] = x;
            double v = pf.whole.eval(env);
            if (v < -tolerance) {
                return x;
            }
        }
        return Double.NaN;
    }
}

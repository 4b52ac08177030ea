package lcm.fit;

import lcm.expr.Expr;
import lcm.expr.Fn;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;

/**
 * A floor, then a line: {@code max(k1*x + k2, k3)}, the thesis' resource-contention form (rc in
 * Table 5.1), which no sum of the normal form's terms can write. It joins a one-variable
 * normal-form search only where the points are exactly that shape: the first two or more are
 * equal and the rest lie on one rising line above them (to {@value #TOLERANCE} of the data's
 * scale), no normal-form hypothesis fits exactly, and the form, fitted, predicts every left-out
 * point exactly ({@link Ranking#EXACT}). Measured data with any noise never pass, so the form is
 * never chosen by a lucky fit of noise; a noiseless floor-then-line series gets it instead of the
 * normal form's best approximation.
 */
final class FloorThenLine {

    /** How close to the data's scale points must be to count as on the floor or on the line. */
    static final double TOLERANCE = 1e-9;

    private FloorThenLine() {
    }

    /** {@code max(k1*v + k2, k3)} in {@code variable}. */
    static CandidateForm form(String variable) {
        Expr line = Expr.add(Expr.product(Expr.var("k1"), Expr.var(variable)), Expr.var("k2"));
        return CandidateForm.of(Expr.call(Fn.MAX, line, Expr.var("k3")), java.util.List.of(variable),
                CandidateForm.Origin.NORMAL_FORM);
    }

    /**
     * The form fitted to a one-variable series, where the points have its shape and it predicts
     * every left-out point exactly; empty otherwise.
     */
    static Optional<Fit> exact(ModelFitter fitter, Series s) {
        if (s.variables().size() != 1 || !shaped(s)) {
            return Optional.empty();
        }
        Fit f = fitter.fitOne(form(s.variables().get(0)), s);
        return f.ok() && f.cvRelative() <= Ranking.EXACT ? Optional.of(f) : Optional.empty();
    }

    /**
     * Whether, in the order of x, the first k >= 2 point centres are equal and the other g - k >= 2
     * lie on one line that rises above that floor.
     */
    static boolean shaped(Series s) {
        int g = s.points();
        double[] y = s.centres();
        Integer[] order = new Integer[g];
        for (int i = 0; i < g; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> s.pointX(i)[0]));
        double tol = TOLERANCE * s.scale();
        for (int k = 2; k <= g - 2; k++) {
            double floor = y[order[0]];
            if (Math.abs(y[order[k - 1]] - floor) > tol) {
                return false;
            }
            if (onRisingLine(s, y, order, k, floor, tol)) {
                return true;
            }
        }
        return false;
    }

    private static boolean onRisingLine(Series s, double[] y, Integer[] order, int from, double floor, double tol) {
        int g = order.length;
        double x0 = s.pointX(order[from])[0];
        double x1 = s.pointX(order[g - 1])[0];
        double slope = (y[order[g - 1]] - y[order[from]]) / (x1 - x0);
        if (!(slope > 0) || !(y[order[from]] > floor + tol)) {
            return false;
        }
        for (int i = from + 1; i < g - 1; i++) {
            double x = s.pointX(order[i])[0];
            if (Math.abs(y[order[from]] + slope * (x - x0) - y[order[i]]) > tol) {
                return false;
            }
        }
        return true;
    }
}

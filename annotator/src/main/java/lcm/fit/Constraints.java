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
        if (s.points() == 0) {
            return out;
        }
        for (int i = 0; i < s.rows(); i++) {
            if (s.rowY(i) < 0) {
                return out;
            }
        }
        if (s.variables().size() > 1) {
            return negativeOnGrid(fits, s, notes, prepare);
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

    /** Factors beyond the largest measured value of each variable at which a multi-variable model is checked. */
    private static final double[] BEYOND = {2, 4, 8, 16};

    /**
     * The measured grid's extension: every combination of each variable's measured values and
     * 2, 4, 8 and 16 times its largest (the held-out points a user predicts next: p = 8 and 16
     * from runs at p <= 4, at the measured n). A multi-variable model negative at any of them is
     * rejected, with a note that counts the points.
     */
    private static Set<Fit> negativeOnGrid(List<Fit> fits, Series s, List<String> notes,
                                           Function<CandidateForm, PreparedForm> prepare) {
        int v = s.variables().size();
        double[][] axes = new double[v][];
        long size = 1;
        for (int j = 0; j < v; j++) {
            double[] d = s.distinct(j);
            double[] axis = java.util.Arrays.copyOf(d, d.length + BEYOND.length);
            for (int b = 0; b < BEYOND.length; b++) {
                axis[d.length + b] = d[d.length - 1] * BEYOND[b];
            }
            axes[j] = axis;
            size *= axis.length;
        }
        Set<Fit> out = new HashSet<>();
        if (size > 200_000) {
            return out;
        }
        double tolerance = 1e-9 * s.scale();
        for (Fit f : fits) {
            if (!f.ok()) {
                continue;
            }
            PreparedForm pf = prepare.apply(f.candidate());
            double[] env = new double[v + f.coefficients().size()];
            System.arraycopy(f.values(), 0, env, v, f.coefficients().size());
            int[] at = new int[v];
            int negative = 0;
            double[] first = null;
            for (long n = 0; n < size; n++) {
                for (int j = 0; j < v; j++) {
                    env[j] = axes[j][at[j]];
                }
                double value = pf.whole.eval(env);
                if (value < -tolerance || Double.isNaN(value)) {
                    negative++;
                    if (first == null) {
                        first = java.util.Arrays.copyOf(env, v);
                    }
                }
                for (int j = v - 1; j >= 0; j--) {
                    if (++at[j] < axes[j].length) {
                        break;
                    }
                    at[j] = 0;
                }
            }
            if (negative > 0) {
                out.add(f);
                notes.add(f.model().text() + " is negative at " + negative + " of " + size + " points of the measured grid "
                        + "and its extension to 16 times each variable's largest value (first at " + at(s, first)
                        + "); not selected (times and lost cycles are not negative)");
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

    /**
     * Lost cycles (every category but pc) do not shrink when processors are added: the thesis
     * measures them in processor-seconds, and idle, synchronization, communication and
     * contention time grow with p. A selected model of such a category that decreases with
     * {@code p} inside the measured range (at any measured combination of the other variables),
     * or is negative at a point of it, gets a note (it is kept: the data may say so).
     */
    static void monotone(Fit f, Series s, lcm.annotation.Category category, List<String> notes) {
        int p = s.variables().indexOf("p");
        if (category == lcm.annotation.Category.PC || !f.ok() || s.points() == 0) {
            return;
        }
        PreparedForm pf = PreparedForm.of(f.candidate());
        int v = s.variables().size();
        double[] env = new double[v + f.coefficients().size()];
        System.arraycopy(f.values(), 0, env, v, f.coefficients().size());
        double tolerance = 1e-9 * s.scale();
        for (int i = 0; i < s.points(); i++) {
            System.arraycopy(s.pointX(i), 0, env, 0, v);
            double value = pf.whole.eval(env);
            if (value < -tolerance && noNegativeData(s)) {
                notes.add("suspicious: " + f.model().text() + " is negative at " + at(s, s.pointX(i))
                        + ", inside the measured range (" + category.key() + " is not negative)");
                return;
            }
        }
        if (p < 0) {
            return;
        }
        double[] ps = s.distinct(p);
        if (ps.length < 2) {
            return;
        }
        java.util.Set<List<Double>> seen = new java.util.HashSet<>();
        for (int i = 0; i < s.points(); i++) {
            double[] x = s.pointX(i).clone();
            x[p] = 0;
            List<Double> key = new ArrayList<>();
            for (double d : x) {
                key.add(d);
            }
            if (!seen.add(key)) {
                continue;
            }
            System.arraycopy(x, 0, env, 0, v);
            double lo = ps[0];
            double hi = ps[ps.length - 1];
            env[p] = lo;
            double before = pf.whole.eval(env);
            for (int k = 1; k <= STEPS; k++) {
                double at = lo + (hi - lo) * k / STEPS;
                env[p] = at;
                double now = pf.whole.eval(env);
                if (now < before - tolerance - 1e-9 * Math.abs(before)) {
                    x[p] = at;
                    notes.add("suspicious: " + f.model().text() + " decreases with p near " + at(s, x) + " ("
                            + category.key() + " is lost cycles in processor-seconds, which do not shrink as processors "
                            + "are added); check the data or give the form");
                    return;
                }
                before = now;
            }
        }
    }

    private static boolean noNegativeData(Series s) {
        for (int i = 0; i < s.rows(); i++) {
            if (s.rowY(i) < 0) {
                return false;
            }
        }
        return true;
    }

    private static String at(Series s, double[] x) {
        List<String> parts = new ArrayList<>();
        for (int j = 0; j < x.length; j++) {
            parts.add(s.variables().get(j) + " = " + NumberText.digits(x[j], 4));
        }
        return String.join(", ", parts);
    }
}

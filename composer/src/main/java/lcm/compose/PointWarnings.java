package lcm.compose;

import lcm.expr.NumberText;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.width.PointCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What looks wrong in a model at one point, in words a user can act on: a lost-cycle category
 * below zero (a fragment model extrapolated past where it was fitted), a value that is not a
 * finite number, a condition of the composition that fails there.
 */
public final class PointWarnings {

    /** Negative values smaller than this (processor-seconds) are rounding, not a model's fault. */
    private static final double ROUNDING = 1e-9;

    private PointWarnings() {
    }

    public static List<String> of(double time, Map<Category, Double> categories, List<PointCheck> checks,
                                  Map<String, Double> point) {
        return of(time, categories, checks, values(checks, point), point);
    }

    private static double[] values(List<PointCheck> checks, Map<String, Double> point) {
        double[] values = new double[checks.size()];
        for (int i = 0; i < values.length; i++) {
            try {
                values[i] = Evaluator.eval(checks.get(i).value(), point);
            } catch (IllegalArgumentException unbound) {
                values[i] = Double.NaN; // a check on a variable this point does not give (a fixed comparison axis)
            }
        }
        return values;
    }

    /**
     * The warnings at {@code point} where each check's value there is known ({@code values}, in
     * the order of {@code checks}; NaN for a check on a variable the point does not give, which
     * no check fails).
     */
    static List<String> of(double time, Map<Category, Double> categories, List<PointCheck> checks, double[] values,
                           Map<String, Double> point) {
        List<String> out = new ArrayList<>();
        String where = NumberText.point(point);
        if (!Double.isFinite(time)) {
            out.add("T_P is " + NumberText.plain(time) + " at " + where + ": not a finite number (a division by zero, or a model "
                    + "outside its domain)");
        } else if (time < 0) {
            out.add("T_P is negative at " + where + " (" + NumberText.plain(time) + " s): a fragment model is used outside the "
                    + "range it was fitted on");
        }
        for (Map.Entry<Category, Double> c : categories.entrySet()) {
            double v = c.getValue();
            if (!Double.isFinite(v)) {
                out.add(c.getKey().key() + " is " + NumberText.plain(v) + " at " + where + ": not a finite number");
            } else if (v < -ROUNDING * Math.max(1, Math.abs(time))) {
                out.add(c.getKey().key() + " is negative at " + where + " (" + NumberText.plain(v) + " processor-seconds): a "
                        + "fragment model is used outside the range it was fitted on");
            }
        }
        addFailed(out, checks, values, where);
        return out;
    }

    /**
     * The warnings of the {@code checks} that fail at {@code point} alone (values as in
     * {@link #of(double, Map, List, double[], Map)}), each once, in order: what
     * {@link #of(double, Map, List, Map)} says of these checks, without building the text of
     * anything else.
     */
    static List<String> failed(List<PointCheck> checks, double[] values, Map<String, Double> point) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (checks.get(i).fails(values[i])) {
                addFailed(out, checks, values, NumberText.point(point));
                break;
            }
        }
        return out;
    }

    /** {@link #failed(List, double[], Map)}, each check evaluated at {@code point}. */
    static List<String> failed(List<PointCheck> checks, Map<String, Double> point) {
        return failed(checks, values(checks, point), point);
    }

    private static void addFailed(List<String> out, List<PointCheck> checks, double[] values, String where) {
        for (int i = 0; i < values.length; i++) {
            PointCheck check = checks.get(i);
            double v = values[i];
            if (check.fails(v)) {
                String w = check.at() + ": " + check.message(v, where);
                if (!out.contains(w)) {
                    out.add(w);
                }
            }
        }
    }
}

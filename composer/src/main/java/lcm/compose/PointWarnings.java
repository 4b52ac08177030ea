package lcm.compose;

import lcm.expr.Evaluator;
import lcm.annotation.Category;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

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
        List<String> out = new ArrayList<>();
        String where = text(point);
        if (!Double.isFinite(time)) {
            out.add("T_P is " + time + " at " + where + ": not a finite number (a division by zero, or a model "
                    + "outside its domain)");
        } else if (time < 0) {
            out.add("T_P is negative at " + where + " (" + number(time) + " s): a fragment model is used outside the "
                    + "range it was fitted on");
        }
        for (Map.Entry<Category, Double> c : categories.entrySet()) {
            double v = c.getValue();
            if (!Double.isFinite(v)) {
                out.add(c.getKey().key() + " is " + v + " at " + where + ": not a finite number");
            } else if (v < -ROUNDING * Math.max(1, Math.abs(time))) {
                out.add(c.getKey().key() + " is negative at " + where + " (" + number(v) + " processor-seconds): a "
                        + "fragment model is used outside the range it was fitted on");
            }
        }
        for (PointCheck check : checks) {
            double v;
            try {
                v = Evaluator.eval(check.value(), point);
            } catch (IllegalArgumentException unbound) {
                continue; // a check on a variable this point does not give (a fixed comparison axis)
            }
            if (check.fails(v)) {
                String w = check.at() + ": " + check.message(v, where);
                if (!out.contains(w)) {
                    out.add(w);
                }
            }
        }
        return out;
    }

    static String text(Map<String, Double> point) {
        StringJoiner j = new StringJoiner(", ");
        point.forEach((k, v) -> j.add(k + " = " + number(v)));
        return j.toString();
    }

    /** A ratio as the warnings print it: 8 for 8.0, 2.5 for 2.5, one decimal at most. */
    static String ratio(double r) {
        double rounded = Math.round(r * 10) / 10.0;
        return rounded == Math.rint(rounded) ? Long.toString((long) rounded) : String.format(Locale.ROOT, "%.1f", rounded);
    }

    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }
}

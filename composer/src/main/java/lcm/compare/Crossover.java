package lcm.compare;

import lcm.expr.NumberText;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A point where the best model changes, found by bisection along one axis.
 *
 * @param at    the point, one value per axis (in the domain's axis order); along an integer axis
 *              (p) its value there is the real root, which no run can have
 * @param below the best model just below the point along {@code along}
 * @param above the best model just above it
 * @param along the axis the bisection ran along
 * @param lower along an integer axis, the last integer at or below the root (NaN otherwise)
 * @param upper along an integer axis, {@code lower + 1}: the winner changes between the two
 */
public record Crossover(Map<String, Double> at, int below, int above, String along, double lower, double upper) {

    public Crossover {
        at = Collections.unmodifiableMap(new LinkedHashMap<>(at));
    }

    /** Along a real axis. */
    public Crossover(Map<String, Double> at, int below, int above, String along) {
        this(at, below, above, along, Double.NaN, Double.NaN);
    }

    public double value() {
        return at.get(along);
    }

    /**
     * Where it is, for a reader: {@code between p = 6 and p = 7 (real root p = 6.32455532)} along
     * an integer axis, {@code at n = 123.4} along a real one.
     */
    public String where() {
        String root = along + " = " + NumberText.digits(value(), 10);
        if (!integer()) {
            return "at " + root;
        }
        return "between " + along + " = " + NumberText.plain(lower) + " and " + along + " = " + NumberText.plain(upper)
                + " (real root " + root + ")";
    }

    /** Whether the axis takes integer values: {@link #lower} and {@link #upper} are set. */
    public boolean integer() {
        return !Double.isNaN(lower);
    }
}

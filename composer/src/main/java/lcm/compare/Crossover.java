package lcm.compare;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A point where the best model changes, found by bisection along one axis.
 *
 * @param at    the point, one value per axis (in the domain's axis order)
 * @param below the best model just below the point along {@code along}
 * @param above the best model just above it
 * @param along the axis the bisection ran along
 */
public record Crossover(Map<String, Double> at, int below, int above, String along) {

    public Crossover {
        at = Collections.unmodifiableMap(new LinkedHashMap<>(at));
    }

    public double value() {
        return at.get(along);
    }
}

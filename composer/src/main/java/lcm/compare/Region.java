package lcm.compare;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A rectangle of the domain where one model is best.
 *
 * @param model  index of the best model
 * @param extent the interval of each axis, in the domain's axis order
 */
public record Region(int model, Map<String, Interval> extent) {

    /** A closed interval of one axis. */
    public record Interval(double from, double to) {
    }

    public Region {
        extent = Collections.unmodifiableMap(new LinkedHashMap<>(extent));
    }
}

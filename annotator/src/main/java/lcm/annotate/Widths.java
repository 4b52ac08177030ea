package lcm.annotate;

import lcm.dag.Dag;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * A fragment's width at a run's point, as composition gives it (p, p/T in a task, 1 for serial
 * code, ...): what {@code p} means in a fragment's model. Observations of old files carry only
 * the run's processors; annotate, which has the sources, asks this for the width (the composer's
 * variable rules; {@code lcm annotate} hands in {@code lcm.compose.FragmentWidths}).
 */
@FunctionalInterface
public interface Widths {

    /**
     * @param point the run's variables, with {@code p} the run's processors
     * @return the fragment's width, or empty when it has none or several (reached at places of different widths)
     */
    OptionalDouble of(Dag dag, String tag, Map<String, Double> point);

    /**
     * Whether the fragment is serial code (one processor whatever p): the old probe booked its
     * idle partners to it as ip, which composition charges to the parent (IP+), so annotate does
     * not fit that ip. By default no fragment is.
     */
    default boolean serial(Dag dag, String tag) {
        return false;
    }
}

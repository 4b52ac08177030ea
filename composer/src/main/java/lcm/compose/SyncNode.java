package lcm.compose;

import lcm.source.SourceLocation;
import lcm.trace.PathEvent;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parallel node with no closed form: its time and some of its lost cycles are variables of
 * the composed model ({@code cp_...}, {@code sl_...}, {@code li_...}, {@code ip_...}) that get
 * values at each evaluated point by running the node's tasks: tasks that synchronize, by
 * critical path ({@link CriticalPathNode}, docs/composition.md#5-synchronization), and tasks
 * that run in a pool, by the pool's schedule ({@link PoolNode}, docs/composition.md, "Execution
 * models").
 */
public sealed interface SyncNode permits CriticalPathNode, PoolNode {

    /** The parallel node's name. */
    String node();

    SourceLocation at();

    /** The variables of its time and of its SL, LI and IP. */
    String time();

    String sl();

    String li();

    String ip();

    /** Every variable the node gives a value per point (none of them is a variable of the program). */
    default List<String> variables() {
        return List.of(time(), sl(), li(), ip());
    }

    /** What compose's text says of the node: why it has no closed form and what its variables are. */
    String explanation();

    /** The one line compose's text gives the node at an evaluated point. */
    String atPoint(Evaluation e);

    /** What compose's JSON warns of the node. */
    String warning();

    /** The values at one point (which holds values of earlier nodes too). */
    Evaluation evaluate(Map<String, Double> point);

    /**
     * Values at one point, and the events of the critical path (none for a pool).
     *
     * @param others the values of the node's other variables (a pool's {@code pc_...}, {@code cl_...}, {@code rc_...})
     */
    record Evaluation(double time, double sl, double li, double ip, List<PathEvent> path, List<String> warnings,
                      Map<String, Double> others) {
        public Evaluation {
            path = List.copyOf(path);
            warnings = List.copyOf(warnings);
            others = Map.copyOf(others);
        }
    }

    /** {@code point} with this node's variables valued by {@code e} added. */
    default void addValues(Map<String, Double> point, Evaluation e) {
        point.put(time(), e.time());
        point.put(sl(), e.sl());
        point.put(li(), e.li());
        point.put(ip(), e.ip());
        point.putAll(e.others());
    }

    /** A copy of {@code point} with this node's values added. */
    default Map<String, Double> with(Map<String, Double> point, Evaluation e) {
        Map<String, Double> out = new LinkedHashMap<>(point);
        addValues(out, e);
        return out;
    }
}

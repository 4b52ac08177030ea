package lcm.structure;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether code reaches a parallel construct (a parallel loop, sections, a region), itself or
 * through the routines it calls: what makes code "serial" for composition's IP rule and what
 * tells recursion that is only computation from recursion that carries parallel structure.
 */
public final class ParallelReach {

    private ParallelReach() {
    }

    /** Whether {@code c} holds a parallel construct; {@code visiting} collects the routines followed. */
    public static boolean holds(Construct c, Map<String, Routine> routines, Set<String> visiting) {
        if (c instanceof Construct.ParallelLoop || c instanceof Construct.Sections || c instanceof Construct.Region) {
            return true;
        }
        if (c instanceof Construct.Call call) {
            Routine r = routines.get(call.callee());
            return r != null && visiting.add(r.name()) && holds(r.body(), routines, visiting);
        }
        for (List<Construct> inner : c.bodies()) {
            if (holds(inner, routines, visiting)) {
                return true;
            }
        }
        return false;
    }

    /** Whether any construct of {@code body} holds one. */
    public static boolean holds(List<Construct> body, Map<String, Routine> routines, Set<String> visiting) {
        for (Construct c : body) {
            if (holds(c, routines, visiting)) {
                return true;
            }
        }
        return false;
    }
}

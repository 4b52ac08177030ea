package lcm.frontend;

import lcm.structure.ParallelReach;
import lcm.structure.Routine;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a recursive call means for the DAG (docs/composition.md#recursion). The first call of a
 * routine on the chain is expanded; the call that closes the cycle is a leaf, a call whose cost
 * lcm cannot expand. Recursion that is only computation (no routine of the cycle reaches a
 * parallel construct) is code like any other: inside a fragment its model covers it, outside
 * one the warning says how to give its cost. Recursion that carries parallel structure needs
 * its depth; one level is assumed, and the warning says so.
 */
final class Recursion {

    private Recursion() {
    }

    /** The warning at the call that closes {@code cycle} (f -> g -> f). */
    static String warning(List<String> cycle, Map<String, Routine> routines) {
        String chain = String.join(" -> ", cycle);
        String first = cycle.get(0);
        Set<String> seen = new HashSet<>();
        boolean parallel = cycle.stream().anyMatch(r -> reachesParallel(r, routines, seen));
        if (!parallel) {
            return "recursion " + chain + " is only computation (no parallel construct below it): its recursive "
                    + "calls are modelled as plain code whose cost lcm cannot expand; give '" + first + "' a 'model:' "
                    + "(or put the call inside a fragment) for its cost";
        }
        return "recursion " + chain + " carries parallel structure: lcm needs its depth and assumes 1 level (the "
                + "calls below the first are not expanded); the depth of recursive parallel code is given for "
                + "fork/join tasks ('recursion: DEPTH' before pool.invoke), otherwise model '" + first
                + "' as a fragment";
    }

    /** Whether routine {@code name} holds a parallel construct, itself or through its calls. */
    static boolean reachesParallel(String name, Map<String, Routine> routines, Set<String> seen) {
        Routine r = routines.get(name);
        return r != null && seen.add(r.name()) && ParallelReach.holds(r.body(), routines, seen);
    }
}

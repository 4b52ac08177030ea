package lcm.width;

import lcm.algebra.Alg;
import lcm.dag.Branch;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.expr.Evaluator;
import lcm.expr.Processors;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How many times composition runs each fragment at one point: at each place of the DAG that
 * reaches it, the product of the trip counts above it (a branch under {@code probability: P} is a
 * loop of P trips per pass), with the innermost branch above it (an {@code if} taken on every pass,
 * a weighted branch, the costlier branch). A place under a parallel loop's body or a pool, or under a
 * loop whose trips need a variable the point does not give, has no count (NaN): what the probe counts
 * there is the threads', not the program's.
 */
public final class FragmentExecutions {

    private FragmentExecutions() {
    }

    /**
     * One place that reaches a fragment.
     *
     * @param count  executions per run composed there (NaN: not known)
     * @param branch the innermost branch node above it, if any
     */
    public record Place(double count, Optional<Node> branch) {
    }

    /** Each fragment's places at {@code point}, by tag, in DAG order. */
    public static Map<String, List<Place>> at(Dag dag, Map<String, Double> point) {
        Map<String, List<Place>> out = new LinkedHashMap<>();
        Set<Node> fragments = Collections.newSetFromMap(new IdentityHashMap<>());
        fragments.addAll(dag.fragments());
        Env root = dag.onOneProcessor(dag.root()) ? Env.ROOT.with(Processors.NAME, Alg.ONE) : Env.ROOT;
        walk(dag.root(), root, 1, Optional.empty(), dag, fragments, point, out);
        return out;
    }

    private static void walk(Node n, Env env, double count, Optional<Node> branch, Dag dag, Set<Node> fragments,
                             Map<String, Double> point, Map<String, List<Place>> out) {
        Optional<Node> under = n.branch() != Branch.NONE ? Optional.of(n) : branch;
        double here = count;
        if (n.trips().isPresent()) {
            try {
                here = count * Evaluator.eval(env.apply(n.trips().get()), point);
            } catch (Evaluator.Unbound e) {
                here = Double.NaN;
            }
        }
        if (fragments.contains(n)) {
            out.computeIfAbsent(n.name(), k -> new ArrayList<>()).add(new Place(count, under));
            return;
        }
        if (n.kind() == NodeKind.PARALLEL && dag.scheduling(n).isPool() || n.kind() == NodeKind.PARALLEL_LOOP) {
            here = Double.NaN; // the body's executions are the threads' (or the schedule's)
        }
        for (Child c : n.children()) {
            Env childEnv = VariableRules.childEnv(n, env, c, s -> { }, k -> { }, dag::onOneProcessor);
            walk(c.node(), childEnv, here, under, dag, fragments, point, out);
        }
    }
}

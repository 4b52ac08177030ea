package lcm.width;

import lcm.algebra.Alg;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.expr.Processors;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The width composition gives each fragment: the processors it runs on, found by the same
 * top-down variable rules the composer applies ({@link VariableRules}): p for a fragment that runs
 * alone, p/T in a task of a parallel node of T tasks, 1 in the body of a parallel loop and for
 * serial code, k under {@code num_threads(k)} or {@code vars: p = k} (min(k, its share) for a
 * time-sliced team); none for a fragment in a task that runs in a pool (the schedule gives its
 * loops their widths, docs/composition.md, "Execution models": its lines keep the share of the
 * machine they measured). A fragment's model is evaluated at this width, and its time is its
 * categories' sum over it, so measured lines carry it ({@code width=}, docs/measure.md).
 *
 * <p>A fragment reached at several places of the DAG may get several widths (a routine called
 * from serial code and from a task); each is listed once, in DAG order.
 */
public final class FragmentWidths {

    private FragmentWidths() {
    }

    /** Each fragment's widths as expressions in the program's variables (p, n, ...). */
    public static Map<String, List<Expr>> expressions(Dag dag) {
        return expressions(dag, null);
    }

    /**
     * The widths, leaving out the places under a loop that runs zero times at {@code point}
     * (null: none left out), such as a warm-up loop annotated {@code iterations: 0}.
     */
    private static Map<String, List<Expr>> expressions(Dag dag, Map<String, Double> point) {
        Map<String, List<Expr>> out = new LinkedHashMap<>();
        Env root = dag.onOneProcessor(dag.root()) ? Env.ROOT.with(Processors.NAME, Alg.ONE) : Env.ROOT;
        Set<Node> fragments = Collections.newSetFromMap(new IdentityHashMap<>());
        fragments.addAll(dag.fragments()); // the marked ones, or the thesis' rule's where the sources mark none
        walk(dag.root(), root, dag, fragments, point, out, new HashSet<>());
        return out;
    }

    /**
     * Each fragment's widths at one point (values of p and the other variables), at the places
     * that run there: a fragment under a loop of zero trips (a warm-up annotated
     * {@code iterations: 0}) has no width from that place. A width that needs a variable the
     * point does not give is an error naming the fragment and the variable.
     */
    public static Map<String, List<Double>> at(Dag dag, Map<String, Double> point) {
        Map<String, List<Double>> out = new LinkedHashMap<>();
        expressions(dag, point).forEach((tag, widths) -> {
            List<Double> values = new ArrayList<>();
            for (Expr w : widths) {
                double v;
                try {
                    v = Evaluator.eval(w, point);
                } catch (Evaluator.Unbound e) {
                    throw UserError.of("the width of fragment " + tag + " is " + w.text() + ", which needs a value of "
                            + e.variable() + " (give it with --vars)");
                }
                if (!values.contains(v)) {
                    values.add(v);
                }
            }
            out.put(tag, List.copyOf(values));
        });
        return out;
    }

    private record Visit(Node node, Env env) {
    }

    private static void walk(Node n, Env env, Dag dag, Set<Node> fragments, Map<String, Double> point,
                             Map<String, List<Expr>> out, Set<Visit> seen) {
        if (!seen.add(new Visit(n, env)) || point != null && !fragments.contains(n) && runsNever(n, env, point)) {
            return;
        }
        if (fragments.contains(n)) {
            List<Expr> widths = out.computeIfAbsent(n.name(), k -> new ArrayList<>());
            if (!widths.contains(env.width())) {
                widths.add(env.width());
            }
            return; // what a fragment holds is its own model's business
        }
        if (n.kind() == NodeKind.PARALLEL && dag.scheduling(n).isPool()) {
            return; // tasks in a pool: their loops' widths are what the schedule gives them, an output, not a rule's
        }
        for (Child c : n.children()) {
            Env childEnv = VariableRules.childEnv(n, env, c, s -> { }, k -> { }, dag::onOneProcessor);
            walk(c.node(), childEnv, dag, fragments, point, out, seen);
        }
    }

    /** A loop whose trip count is 0 at the point: nothing under it runs. */
    private static boolean runsNever(Node n, Env env, Map<String, Double> point) {
        if (n.trips().isEmpty()) {
            return false;
        }
        try {
            return Evaluator.eval(env.apply(n.trips().get()), point) == 0;
        } catch (Evaluator.Unbound e) {
            return false;
        }
    }
}

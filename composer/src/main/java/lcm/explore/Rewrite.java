package lcm.explore;

import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.dag.Scheduling;
import lcm.source.SourceSpan;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A program with one node replaced, everywhere it is used (a shared node is one routine: its
 * edit is one edit of its code). The nodes above it are copied with their new children; every
 * other node stays the same object, and each copied or kept node keeps its runtime scheduling
 * and implicit execution.
 */
final class Rewrite {

    private Rewrite() {
    }

    /**
     * {@code program} with {@code target} replaced by {@code replacement}; {@code added} gives the
     * scheduling of new parallel constructs the replacement holds.
     */
    static Program replace(Program program, Node target, Node replacement, Map<Node, Scheduling> added) {
        Map<Node, Node> memo = new IdentityHashMap<>();
        memo.put(target, replacement);
        Node root = copy(program.root(), memo);
        Dag dag = program.dag();
        Map<Node, Execution> implicit = new IdentityHashMap<>();
        dag.implicit().forEach((n, e) -> implicit.put(memo.getOrDefault(n, n), e));
        Map<Node, Scheduling> schedules = new IdentityHashMap<>();
        dag.schedules().forEach((n, s) -> {
            if (n != target) {
                schedules.put(memo.getOrDefault(n, n), s);
            }
        });
        schedules.putAll(added);
        return new Program(new Dag(root, implicit, schedules), program.constants(), program.sizes(),
                program.measuredIn(), program.warnings());
    }

    private static Node copy(Node n, Map<Node, Node> memo) {
        Node done = memo.get(n);
        if (done != null) {
            return done;
        }
        List<Child> children = new ArrayList<>(n.children().size());
        boolean changed = false;
        for (Child c : n.children()) {
            Node m = copy(c.node(), memo);
            changed |= m != c.node();
            children.add(m == c.node() ? c : new Child(m, c.use()));
        }
        Node out = changed ? withChildren(n, children) : n;
        memo.put(n, out);
        return out;
    }

    /** {@code n} with other children. */
    static Node withChildren(Node n, List<Child> children) {
        return new Node(n.kind(), n.name(), n.span(), n.trips(), children, n.model(), n.modelAt(), n.sync(),
                n.routine(), n.loopVariable(), n.execution(), n.branch(), n.fittedOn(),
                n.contention());
    }

    /** A loop like {@code loop} (its trips, variable and span) running {@code body}. */
    static Node loop(Node loop, String name, List<Child> body) {
        return new Node(NodeKind.LOOP, name, loop.span(), loop.trips(), body, Map.of(), Optional.empty(),
                Optional.empty(), loop.routine(), loop.loopVariable());
    }

    /** A serial or parallel node of {@code children}, written at {@code span} in {@code routine}. */
    static Node node(NodeKind kind, String name, SourceSpan span, String routine, List<Child> children) {
        return new Node(kind, name, span, Optional.empty(), children, Map.of(), Optional.empty(), Optional.empty(),
                routine, "");
    }

    /** How the runtime runs new tasks in the language of {@code at}: the Java common pool, else a static team. */
    static Map<Node, Scheduling> tasksRuntime(Node parallel) {
        return runtime(parallel, "the tasks lcm explore proposes, as CompletableFuture.runAsync without an executor "
                + "runs them in ForkJoinPool.commonPool()");
    }

    /**
     * How the runtime runs a new parallel construct in the language it is written in: in Java the
     * common pool ({@code why} says as what), elsewhere a static team (OpenMP, KSR), the default.
     */
    static Map<Node, Scheduling> runtime(Node construct, String why) {
        if (construct.span().file().toString().endsWith(".java")) {
            return Map.of(construct, Scheduling.commonPool(why));
        }
        return Map.of();
    }
}

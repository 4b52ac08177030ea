package lcm.dag;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A program's parallel-structure DAG: its root node, through which every other node is reached,
 * and how each implicit fragment runs (where the sources mark no fragment, {@link ImplicitFragments};
 * a marked fragment says it on its node).
 *
 * @param implicit each implicit fragment's {@link Execution}: the structure builder's, from the
 *                 code; a DAG made without it takes a serial stretch (a leaf) for serial code and
 *                 any other implicit fragment for parallel code
 * @param schedules how the runtime schedules each parallel construct that names its runtime
 *                 ({@link Scheduling}); every other node runs as a static team
 */
public record Dag(Node root, Map<Node, Execution> implicit, Map<Node, Scheduling> schedules) {

    public Dag {
        Map<Node, Execution> known = new IdentityHashMap<>(implicit);
        if (known.isEmpty() && !marksFragments(root)) {
            for (Node n : ImplicitFragments.of(root)) {
                known.put(n, n.kind() == NodeKind.LEAF ? Execution.SERIAL : Execution.PARALLEL);
            }
        }
        implicit = Collections.unmodifiableMap(known);
        schedules = Collections.unmodifiableMap(new IdentityHashMap<>(schedules));
    }

    /** A DAG whose parallel constructs all run as static teams. */
    public Dag(Node root, Map<Node, Execution> implicit) {
        this(root, implicit, Map.of());
    }

    /** A DAG whose implicit fragments (if it marks none) run as their kinds say (see {@link #implicit}). */
    public Dag(Node root) {
        this(root, Map.of());
    }

    /** How the runtime schedules {@code n}: its construct's {@link Scheduling}, a static team where none is known. */
    public Scheduling scheduling(Node n) {
        return schedules.getOrDefault(n, Scheduling.TEAM);
    }

    /** How {@code n} runs: a fragment's (marked or implicit) execution; {@link Execution#PARALLEL} for any other node. */
    public Execution execution(Node n) {
        return n.isFragment() ? n.execution() : implicit.getOrDefault(n, Execution.PARALLEL);
    }

    /**
     * Whether {@code n} runs on one processor: serial code, not replicated on every thread of a
     * team region (composition's one test for the serial-code rule).
     */
    public boolean onOneProcessor(Node n) {
        return execution(n) == Execution.SERIAL;
    }

    /** Whether any node below {@code root} is a fragment the sources mark. */
    public static boolean marksFragments(Node root) {
        boolean[] marked = new boolean[1];
        walk(root, n -> marked[0] |= n.isFragment());
        return marked[0];
    }

    /** Visits every distinct node once, parents before children. */
    public void forEachNode(Consumer<Node> visit) {
        walk(root, visit);
    }

    private static void walk(Node root, Consumer<Node> visit) {
        Map<Node, Boolean> seen = new IdentityHashMap<>();
        List<Node> stack = new ArrayList<>();
        stack.add(root);
        while (!stack.isEmpty()) {
            Node n = stack.remove(stack.size() - 1);
            if (seen.put(n, Boolean.TRUE) != null) {
                continue;
            }
            visit.accept(n);
            for (int i = n.children().size() - 1; i >= 0; i--) {
                stack.add(n.children().get(i).node());
            }
        }
    }

    /** Every distinct node, in depth-first, left-to-right order. */
    public List<Node> nodes() {
        List<Node> out = new ArrayList<>();
        forEachNode(out::add);
        return out;
    }

    /**
     * The distinct fragment nodes, in depth-first, left-to-right order: the fragments the sources
     * mark (models, {@code fragment} blocks); where they mark none, the structure's penultimate
     * nodes and the serial stretches beside them ({@link ImplicitFragments}).
     */
    public List<Node> fragments() {
        List<Node> marked = markedFragments();
        return marked.isEmpty() ? ImplicitFragments.of(root) : marked;
    }

    /** The fragment nodes the sources mark (kind fragment), in depth-first, left-to-right order. */
    public List<Node> markedFragments() {
        return nodes().stream().filter(Node::isFragment).toList();
    }

    /** Whether the fragments are the implicit ones: the sources mark none. */
    public boolean implicitFragments() {
        return markedFragments().isEmpty();
    }
}

package lcm.explore;

import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;

import java.util.List;
import java.util.Optional;

/** The shapes of structure the transformations look for, read off the DAG. */
final class Shapes {

    private Shapes() {
    }

    /** The distinct nodes of {@code program} of kind {@code kind}, parents first. */
    static List<Node> nodes(Program program, NodeKind kind) {
        return program.dag().nodes().stream().filter(n -> n.kind() == kind).toList();
    }

    /** Whether a task in {@code n}'s subtree posts or waits ({@code sync:}): its order is not lcm's to change. */
    static boolean synchronizes(Node n) {
        return new Dag(n).nodes().stream().anyMatch(m -> m.sync().isPresent());
    }

    /** The loop a task runs: the task itself, or the one child of a serial task. */
    static Optional<Node> loopOf(Node task) {
        if (task.kind() == NodeKind.LOOP) {
            return Optional.of(task);
        }
        if (task.kind() == NodeKind.SERIAL && task.children().size() == 1) {
            return loopOf(task.children().get(0).node());
        }
        return Optional.empty();
    }

    /** Loops over the same items: one loop variable, one trip count. */
    static boolean sameItems(List<Node> loops) {
        Node first = loops.get(0);
        Optional<String> trips = first.trips().map(t -> t.text());
        return trips.isPresent() && !first.loopVariable().isEmpty() && loops.stream().allMatch(
                l -> l.loopVariable().equals(first.loopVariable()) && l.trips().map(t -> t.text()).equals(trips));
    }

    /** {@code tp.f:12}. */
    static String where(Node n) {
        return n.span().file().getFileName() + ":" + n.span().line();
    }
}

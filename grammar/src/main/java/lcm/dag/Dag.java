package lcm.dag;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** A program's parallel-structure DAG: its root node, through which every other node is reached. */
public record Dag(Node root) {

    /** Visits every distinct node once, parents before children. */
    public void forEachNode(Consumer<Node> visit) {
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

    /** The distinct fragment nodes, in depth-first, left-to-right order. */
    public List<Node> fragments() {
        return nodes().stream().filter(Node::isFragment).toList();
    }
}

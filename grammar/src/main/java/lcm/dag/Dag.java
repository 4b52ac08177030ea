package lcm.dag;

import lcm.structure.ParsedFile;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A program's parallel-structure DAG and the files it came from.
 *
 * @param files what the front ends made of each file (file-level annotations live there)
 */
public record Dag(Node root, List<ParsedFile> files) {

    public Dag {
        files = List.copyOf(files);
    }

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

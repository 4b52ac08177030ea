package lcm.dag;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The thesis' rule for sources that mark no fragment (docs/measure.md, "Where the sources mark no fragment"):
 * the fragments are the structure's penultimate nodes. A node whose children are all leaves is
 * one (a parallel loop over its body, a {@code single} block, a routine of serial code); and
 * where a node mixes leaves with other nodes, each of those leaves (a serial stretch between
 * parallel constructs) is one of its own, so that every line of serial code is in some
 * fragment. The nodes keep their kinds and names: the rule only says which ones are fragments.
 * Synchronization leaves ({@code sync:}) are events, not code, and are never fragments.
 */
public final class ImplicitFragments {

    private ImplicitFragments() {
    }

    /** The penultimate nodes and serial stretches below root, distinct, depth first, left to right. */
    public static List<Node> of(Node root) {
        List<Node> out = new ArrayList<>();
        Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        // iterative (the structure may nest 10,000 levels deep): children pushed last first
        Deque<Node> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Node n = stack.pop();
            if (!seen.add(n)) {
                continue;
            }
            if (n.kind() == NodeKind.LEAF) {
                out.add(n); // pushed only as a serial stretch beside other nodes
                continue;
            }
            if (isPenultimate(n)) {
                out.add(n);
                continue;
            }
            for (int i = n.children().size() - 1; i >= 0; i--) {
                Node k = n.children().get(i).node();
                if (k.kind() != NodeKind.LEAF || k.sync().isEmpty()) {
                    stack.push(k);
                }
            }
        }
        return out;
    }

    /** A node with children, all of them leaves of code (a sync leaf is an event, not code). */
    static boolean isPenultimate(Node n) {
        if (n.kind() == NodeKind.LEAF || n.children().isEmpty()) {
            return false;
        }
        return n.children().stream().allMatch(c -> c.node().kind() == NodeKind.LEAF && c.node().sync().isEmpty());
    }
}

package lcm.compose;

import lcm.dag.Dag;
import lcm.dag.Node;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The nodes one composer has composed, kept for the next programs it composes: lcm explore's
 * variants each differ from the program in one or two subtrees and share every other node object
 * with it (docs/explore.md, "Search"). A node met again in the same environment, where the DAG
 * gives it and every node below it the same runtime facts (scheduling, execution), composes to
 * the same model, so its earlier model is taken, to the bit, and what its composition left
 * (checks, warnings) is left again ({@link SubtreeEffects}). Only clean compositions are kept
 * ({@link ComposedNode#clean()}); where transfers are charged at or below a node its model
 * depends on the rest of the program, and the composer neither keeps nor takes it. Bounded: at
 * most {@code limit} compositions, the least recently used dropped first.
 */
final class ComposedSubtrees {

    private final int limit;
    private final Map<ComposedNode.Key, ComposedNode> kept;
    private long taken;
    private long missed;

    ComposedSubtrees(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a composer that reuses subtrees keeps at least one: " + limit);
        }
        this.limit = limit;
        this.kept = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<ComposedNode.Key, ComposedNode> eldest) {
                return size() > ComposedSubtrees.this.limit;
            }
        };
    }

    /**
     * The earlier composition of {@code key}, where {@code dag} gives its node and every node below
     * the facts they had then; null otherwise. {@code same}: the nodes of {@code dag} already found
     * to have them, with every node below (one set per composition).
     */
    ComposedNode find(ComposedNode.Key key, Dag dag, Set<Node> same) {
        ComposedNode earlier = kept.get(key);
        if (earlier == null || !sameFacts(earlier, dag, same)) {
            missed++;
            return null;
        }
        taken++;
        return earlier;
    }

    private static boolean sameFacts(ComposedNode c, Dag dag, Set<Node> same) {
        Node n = c.node();
        if (same.contains(n)) {
            return true;
        }
        if (!dag.scheduling(n).equals(c.scheduling()) || dag.execution(n) != c.execution()) {
            return false;
        }
        for (Object o : c.effects()) {
            if (o instanceof ComposedNode k && !sameFacts(k, dag, same)) {
                return false;
            }
        }
        same.add(n);
        return true;
    }

    /** Keeps a clean composition for later programs. */
    void keep(ComposedNode c) {
        if (c.clean()) {
            kept.put(c.key(), c);
        }
    }

    /** How much was reused: compositions kept now, nodes taken from them, nodes looked up and composed anew. */
    Composer.Reuse counts() {
        return new Composer.Reuse(kept.size(), limit, taken, missed);
    }
}

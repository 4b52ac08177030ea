package lcm.phases;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Loop-nest discovery by compression of a symbol sequence (Xu and Subhlok, section 3): the
 * greedy bottom-up procedure. Tandem repeats (a block of L nodes followed by copies of
 * itself) are found for L = 1, 2, ... and each maximal run is replaced by one loop node; after
 * every replacement the search starts again at L = 1, so inner (short) loops are reduced
 * before the outer loops that contain them are looked for. Nodes are hash-consed to integer
 * ids, so comparing two blocks compares ints.
 */
public final class LoopNest {

    /** A node of the nest: a leaf (one position of the sequence) or a loop. */
    public sealed interface Node permits Leaf, Loop {
        /** How many leaves one execution of the node runs. */
        int span();
    }

    /** Position {@code position} of the original sequence, holding {@code symbol}. */
    public record Leaf(int symbol, int position) implements Node {
        public int span() {
            return 1;
        }
    }

    /**
     * A loop: {@code count} executions of {@code body}. {@code first} is the position of the
     * first leaf of its first iteration in the original sequence.
     */
    public record Loop(List<Node> body, int count, int first) implements Node {
        public Loop {
            body = List.copyOf(body);
        }

        public int span() {
            return count * bodySpan();
        }

        public int bodySpan() {
            int s = 0;
            for (Node n : body) {
                s += n.span();
            }
            return s;
        }
    }

    private final List<Node> top;

    private LoopNest(List<Node> top) {
        this.top = List.copyOf(top);
    }

    public List<Node> top() {
        return top;
    }

    public boolean hasLoops() {
        return top.stream().anyMatch(n -> n instanceof Loop);
    }

    /** The fraction of the sequence covered by loops. */
    public double coverage() {
        int all = 0;
        int loops = 0;
        for (Node n : top) {
            all += n.span();
            if (n instanceof Loop) {
                loops += n.span();
            }
        }
        return all == 0 ? 0 : loops / (double) all;
    }

    /** Nodes in the compressed form (leaves and loops, counted once per body). */
    public int compressedLength() {
        return size(top);
    }

    private static int size(List<Node> nodes) {
        int s = 0;
        for (Node n : nodes) {
            s += n instanceof Loop l ? 1 + size(l.body()) : 1;
        }
        return s;
    }

    public static LoopNest of(int[] sequence) {
        Map<String, Integer> ids = new HashMap<>();
        List<Node> nodes = new ArrayList<>();
        List<Integer> keys = new ArrayList<>();
        for (int i = 0; i < sequence.length; i++) {
            nodes.add(new Leaf(sequence[i], i));
            keys.add(id(ids, "s" + sequence[i]));
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int len = 1; len <= nodes.size() / 2 && !changed; len++) {
                for (int i = 0; i + 2 * len <= nodes.size(); i++) {
                    int copies = 1;
                    while (i + (copies + 1) * len <= nodes.size() && same(keys, i, i + copies * len, len)) {
                        copies++;
                    }
                    if (copies >= 2) {
                        List<Node> body = new ArrayList<>(nodes.subList(i, i + len));
                        List<Integer> bodyKeys = keys.subList(i, i + len);
                        StringBuilder k = new StringBuilder("L").append(copies).append('(');
                        for (int b : bodyKeys) {
                            k.append(b).append(',');
                        }
                        int key = id(ids, k.append(')').toString());
                        int first = firstPosition(body.get(0));
                        nodes.subList(i, i + copies * len).clear();
                        keys.subList(i, i + copies * len).clear();
                        nodes.add(i, new Loop(body, copies, first));
                        keys.add(i, key);
                        changed = true;
                    }
                }
            }
        }
        return new LoopNest(nodes);
    }

    static int firstPosition(Node n) {
        return n instanceof Leaf l ? l.position() : ((Loop) n).first();
    }

    private static boolean same(List<Integer> keys, int a, int b, int len) {
        for (int j = 0; j < len; j++) {
            if (!keys.get(a + j).equals(keys.get(b + j))) {
                return false;
            }
        }
        return true;
    }

    private static int id(Map<String, Integer> ids, String key) {
        return ids.computeIfAbsent(key, k -> ids.size());
    }

    /** The nest as text: {@code (A B (C)^3)^10}, symbols by their index. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        write(top, sb);
        return sb.toString().trim();
    }

    private static void write(List<Node> nodes, StringBuilder sb) {
        for (Node n : nodes) {
            if (n instanceof Leaf l) {
                sb.append(" s").append(l.symbol());
            } else {
                Loop loop = (Loop) n;
                sb.append(" (");
                StringBuilder inner = new StringBuilder();
                write(loop.body(), inner);
                sb.append(inner.toString().trim()).append(")^").append(loop.count());
            }
        }
    }
}

package lcm.compose;

import lcm.annotation.DataItem;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Use;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The data-trace walk of docs/composition.md#4-data-traces-cl-and-rc (the thesis' section 6.2.2): the DAG is replicated into a
 * tree, the places that read or write data are visited depth first, left to right, and a
 * dependence (true, anti, output) between two places whose least upper bound is a parallel
 * node is a transfer. A place that already read an item holds it: its write moves nothing.
 */
public final class DataTrace {

    /** At most this many tree positions: a DAG that replicates into more is refused. */
    static final int MAX_POSITIONS = 2_000_000;

    /** A position in the replicated tree: the path of child indices and the nodes along it. */
    public record Position(int[] path, List<Node> nodes, Use use, int occurrence) {

        public Node node() {
            return nodes.get(nodes.size() - 1);
        }

        public String name() {
            return node().name();
        }

        public int depth() {
            return path.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Position p && Arrays.equals(path, p.path);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(path);
        }

        @Override
        public String toString() {
            return name() + Arrays.toString(path);
        }
    }

    /** A dependence that crosses a parallel node. */
    public record Found(DataItem item, Transfer.Kind kind, Position from, Position to, int lubDepth) {

        public Node lub() {
            return to.nodes().get(lubDepth);
        }
    }

    private final List<Position> positions = new ArrayList<>();
    private final Map<String, List<Position>> byName = new LinkedHashMap<>();

    private DataTrace() {
    }

    /** Every tree position of {@code dag}, depth first, left to right. */
    public static DataTrace of(Dag dag) {
        DataTrace t = new DataTrace();
        List<Node> nodes = new ArrayList<>();
        nodes.add(dag.root());
        t.visit(dag.root(), new int[0], nodes, Use.plain(dag.root().at()));
        return t;
    }

    private void visit(Node n, int[] path, List<Node> nodes, Use use) {
        if (positions.size() >= MAX_POSITIONS) {
            throw UserError.at(n.at(), "the structure replicates into more than " + MAX_POSITIONS
                    + " tree positions; data traces need a smaller program");
        }
        List<Position> same = byName.computeIfAbsent(n.name(), k -> new ArrayList<>());
        Position here = new Position(path, List.copyOf(nodes), use, same.size());
        same.add(here);
        positions.add(here);
        if (n.isFragment()) {
            return; // a fragment's leaves hold no data places of their own
        }
        List<Child> children = n.children();
        for (int i = 0; i < children.size(); i++) {
            int[] p = Arrays.copyOf(path, path.length + 1);
            p[path.length] = i;
            nodes.add(children.get(i).node());
            visit(children.get(i).node(), p, nodes, children.get(i).use());
            nodes.remove(nodes.size() - 1);
        }
    }

    public List<Position> positions() {
        return positions;
    }

    /** The {@code occurrence}-th position of the node named {@code name}, if there is one. */
    public Optional<Position> find(String name, int occurrence) {
        List<Position> ps = byName.get(name);
        if (ps == null || ps.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(ps.get(Math.min(occurrence, ps.size() - 1)));
    }

    /** The walk: every dependence between data places whose LUB is a parallel node. */
    public List<Found> transfers() {
        Map<DataItem, Position> lastWriter = new HashMap<>();
        Map<DataItem, List<Position>> readers = new HashMap<>();
        List<Found> out = new ArrayList<>();
        for (Position g : positions) {
            Use use = g.use();
            if (!use.hasData()) {
                continue;
            }
            for (DataItem x : use.inputs()) {
                Position w = lastWriter.get(x);
                if (w != null && !w.equals(g)) {
                    crossing(x, Transfer.Kind.TRUE, w, g).ifPresent(out::add);
                }
                List<Position> rs = readers.computeIfAbsent(x, k -> new ArrayList<>());
                if (!rs.contains(g)) {
                    rs.add(g);
                }
            }
            for (DataItem x : use.outputs()) {
                List<Position> rs = readers.getOrDefault(x, List.of());
                boolean holds = rs.contains(g);
                for (Position r : rs) {
                    if (!r.equals(g)) {
                        crossing(x, Transfer.Kind.ANTI, r, g).ifPresent(out::add);
                    }
                }
                Position w = lastWriter.get(x);
                if (!holds && rs.isEmpty() && w != null && !w.equals(g)) {
                    crossing(x, Transfer.Kind.OUTPUT, w, g).ifPresent(out::add);
                }
                lastWriter.put(x, g);
                readers.put(x, new ArrayList<>());
            }
        }
        return out;
    }

    private static Optional<Found> crossing(DataItem x, Transfer.Kind kind, Position from, Position to) {
        int lub = lubDepth(from, to);
        Node n = to.nodes().get(lub);
        return n.kind() == NodeKind.PARALLEL ? Optional.of(new Found(x, kind, from, to, lub)) : Optional.empty();
    }

    /** Depth of the least upper bound: the length of the common path prefix (capped below both). */
    public static int lubDepth(Position a, Position b) {
        int n = Math.min(a.path().length, b.path().length);
        int i = 0;
        while (i < n && a.path()[i] == b.path()[i]) {
            i++;
        }
        // a place that contains the other: the LUB is the outer place's parent
        return Math.min(i, Math.min(a.path().length, b.path().length) - (i == n ? 1 : 0));
    }
}

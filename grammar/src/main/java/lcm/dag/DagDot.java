package lcm.dag;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** The DAG in Graphviz DOT. A shared node is drawn once with an edge from each parent. */
public final class DagDot {

    private DagDot() {
    }

    public static String render(Dag dag) {
        StringBuilder out = new StringBuilder("digraph lcm {\n");
        out.append("  node [fontname=\"Helvetica\", fontsize=10];\n");
        out.append("  edge [fontname=\"Helvetica\", fontsize=9];\n");
        Map<Node, String> ids = new IdentityHashMap<>();
        dag.forEachNode(n -> {
            String id = "n" + ids.size();
            ids.put(n, id);
            out.append("  ").append(id).append(" [label=\"").append(escape(label(n))).append("\", shape=")
                    .append(shape(n.kind())).append("];\n");
        });
        dag.forEachNode(n -> {
            for (Child c : n.children()) {
                out.append("  ").append(ids.get(n)).append(" -> ").append(ids.get(c.node()));
                String edge = edgeLabel(c.use());
                if (!edge.isEmpty()) {
                    out.append(" [label=\"").append(escape(edge)).append("\"]");
                }
                out.append(";\n");
            }
        });
        return out.append("}\n").toString();
    }

    private static String label(Node n) {
        StringBuilder s = new StringBuilder(n.kind().json()).append("\\n").append(n.name());
        n.trips().ifPresent(t -> s.append("\\nx ").append(t.text()));
        s.append("\\n").append(n.span().file().getFileName()).append(':').append(n.span().line());
        return s.toString();
    }

    private static String edgeLabel(Use use) {
        StringBuilder s = new StringBuilder();
        if (!use.inputs().isEmpty()) {
            s.append("in: ").append(use.inputs().stream().map(Object::toString).collect(Collectors.joining(",")));
        }
        if (!use.outputs().isEmpty()) {
            s.append(s.length() > 0 ? "\\n" : "").append("out: ")
                    .append(use.outputs().stream().map(Object::toString).collect(Collectors.joining(",")));
        }
        if (!use.vars().isEmpty()) {
            s.append(s.length() > 0 ? "\\n" : "").append(use.vars().stream()
                    .map(b -> b.name() + "=" + b.value().text()).collect(Collectors.joining(", ")));
        }
        return s.toString();
    }

    private static String shape(NodeKind k) {
        return switch (k) {
            case SERIAL -> "box";
            case PARALLEL -> "doubleoctagon";
            case PARALLEL_LOOP -> "box3d";
            case LOOP -> "ellipse";
            case FRAGMENT -> "component";
            case LEAF -> "note";
        };
    }

    /** Escapes quotes and backslashes, keeping the {@code \n} line breaks this class writes. */
    private static String escape(String s) {
        return s.replace("\"", "\\\"");
    }
}

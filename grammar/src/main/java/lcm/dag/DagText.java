package lcm.dag;

import lcm.annotation.Annotation;
import lcm.annotation.DataItem;
import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The DAG as an indented tree: one node a line, kind, name, trip count, source position, and
 * the annotations of the use. A shared node is printed in full at its first use only.
 * <pre>
 * serial main                                  tp.f:3
 *   parallel main:7                            tp.f:7
 *     serial main:8                            tp.f:8
 *       loop main:9  x itors                   tp.f:9
 *         parallel-loop initialize  x n        tp.f:40   output: a(k)
 * </pre>
 */
public final class DagText {

    private DagText() {
    }

    public static String render(Dag dag) {
        List<String[]> rows = new ArrayList<>();
        walk(dag, dag.root(), null, 0, new IdentityHashMap<>(), implicitFragments(dag), rows);
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0) + 2;
        StringBuilder out = new StringBuilder();
        for (String[] r : rows) {
            String line = r[0] + " ".repeat(Math.max(1, width - r[0].length())) + r[1];
            out.append(r[2].isEmpty() ? line : line + "   " + r[2]).append('\n');
        }
        return out.toString();
    }

    /** The fragments of a program whose sources mark none (the thesis' rule), else none. */
    static Set<Node> implicitFragments(Dag dag) {
        Set<Node> implicit = Collections.newSetFromMap(new IdentityHashMap<>());
        if (dag.implicitFragments()) {
            implicit.addAll(dag.fragments());
        }
        return implicit;
    }

    private static void walk(Dag dag, Node n, Use use, int depth, Map<Node, Boolean> seen, Set<Node> implicit,
                             List<String[]> rows) {
        boolean shared = seen.containsKey(n);
        seen.put(n, Boolean.TRUE);
        StringBuilder head = new StringBuilder("  ".repeat(depth)).append(n.kind().json()).append(' ').append(n.name());
        n.trips().ifPresent(t -> head.append("  x ").append(t.text()));
        if ((n.kind() == NodeKind.LOOP || n.kind() == NodeKind.PARALLEL_LOOP) && n.trips().isEmpty()) {
            head.append("  x ?");
        }
        if (shared) {
            head.append("  (shared, above)");
        }
        String where = n.span().file() + ":" + n.span().line()
                + (n.span().endLine() > n.span().line() && n.kind() == NodeKind.LEAF ? "-" + n.span().endLine() : "");
        String notes = notes(n, use);
        if (implicit.contains(n) && !shared) {
            // the sources mark no fragment: the penultimate nodes and the serial stretches beside them are
            String what = n.kind() == NodeKind.LEAF ? "implicit fragment (serial stretch)" : "implicit fragment";
            notes = notes.isEmpty() ? what : what + "; " + notes;
        }
        Scheduling scheduling = dag.scheduling(n);
        if (scheduling.isPool() && !shared) {
            // static teams, the default, are not repeated on every construct; pools are said
            notes = notes.isEmpty() ? scheduling.describe() : notes + "; " + scheduling.describe();
        }
        rows.add(new String[] {head.toString(), where, notes});
        if (shared) {
            return;
        }
        for (Child c : n.children()) {
            walk(dag, c.node(), c.use(), depth + 1, seen, implicit, rows);
        }
    }

    private static String notes(Node n, Use use) {
        List<String> parts = new ArrayList<>();
        if (use != null) {
            if (!use.inputs().isEmpty()) {
                parts.add("input: " + items(use.inputs()));
            }
            if (!use.outputs().isEmpty()) {
                parts.add("output: " + items(use.outputs()));
            }
            if (!use.vars().isEmpty()) {
                parts.add("vars: " + use.vars().stream().map(b -> b.name() + " = " + b.value().text())
                        .collect(Collectors.joining(", ")));
            }
            if (use.independent().isPresent()) {
                parts.add("independent");
            }
            if (!use.arguments().isEmpty()) {
                parts.add("binds " + use.arguments().stream().map(b -> b.name() + " = " + b.value().text())
                        .collect(Collectors.joining(", ")));
            }
        }
        if (n.isFragment()) {
            parts.add(n.model().isEmpty() ? "(no model)" : "model: " + n.model().entrySet().stream()
                    .map(e -> e.getKey().key() + " = " + e.getValue().text()).collect(Collectors.joining(", ")));
        }
        n.sync().map(Annotation.Sync::label).ifPresent(parts::add);
        return String.join("; ", parts);
    }

    private static String items(List<DataItem> items) {
        return items.stream().map(DataItem::text).collect(Collectors.joining(", "));
    }

    /** Text of a trip count, "?" if unknown. */
    public static String trips(Node n) {
        return n.trips().map(Expr::text).orElse("?");
    }
}

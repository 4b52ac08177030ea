package lcm.report;

import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** Two DAGs as compact indented trees in two columns (kind, name, trip count; shared nodes once). */
public final class DagColumns {

    private DagColumns() {
    }

    public static String sideBySide(String leftTitle, Dag left, String rightTitle, Dag right) {
        List<String> a = lines(left);
        List<String> b = lines(right);
        a.add(0, leftTitle);
        b.add(0, rightTitle);
        a.add(1, "-".repeat(leftTitle.length()));
        b.add(1, "-".repeat(rightTitle.length()));
        int width = a.stream().mapToInt(String::length).max().orElse(0) + 4;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String l = i < a.size() ? a.get(i) : "";
            String r = i < b.size() ? b.get(i) : "";
            out.append(l).append(" ".repeat(width - l.length())).append(r).append('\n');
        }
        return out.toString();
    }

    static List<String> lines(Dag dag) {
        List<String> out = new ArrayList<>();
        walk(dag.root(), 0, new IdentityHashMap<>(), out);
        return out;
    }

    private static void walk(Node n, int depth, Map<Node, Boolean> seen, List<String> out) {
        if (n.kind() == NodeKind.LEAF) {
            return;
        }
        boolean shared = seen.put(n, Boolean.TRUE) != null;
        StringBuilder s = new StringBuilder("  ".repeat(depth)).append(n.kind().json()).append(' ').append(n.name());
        n.trips().ifPresent(t -> s.append(" x ").append(t.text()));
        if (shared) {
            s.append(" (shared)");
        }
        out.add(s.toString());
        if (shared || n.isFragment()) {
            return;
        }
        for (Child c : n.children()) {
            walk(c.node(), depth + 1, seen, out);
        }
    }
}

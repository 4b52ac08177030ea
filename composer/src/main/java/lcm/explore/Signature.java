package lcm.explore;

import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The structure of a program as one string, the same for the same structure however the edits
 * that made it were ordered: fragments by name and execution, loops by trip count, constructs by
 * kind and runtime, children in order, each with the {@code vars:} bindings of its use (a task
 * given 3/4 of the processors is not one given 1/4). A serial node of one child is that child
 * (an edit that wraps a task in a serial node and one that does not make the same program).
 */
final class Signature {

    private Signature() {
    }

    static String of(Program program) {
        return of(program.dag(), program.root());
    }

    /** The structure of the subtree of {@code n}. */
    static String of(Dag dag, Node n) {
        StringBuilder out = new StringBuilder();
        write(dag, n, out, new IdentityHashMap<>());
        return out.toString();
    }

    /** A serial node's steps, a serial step of it (used without vars:) counting as its own steps. */
    private static List<Child> steps(Node serial) {
        List<Child> out = new ArrayList<>();
        for (Child c : serial.children()) {
            if (c.node().kind() == NodeKind.SERIAL && c.use().vars().isEmpty()) {
                out.addAll(steps(c.node()));
            } else {
                out.add(c);
            }
        }
        return out;
    }

    private static void write(Dag dag, Node n, StringBuilder out, Map<Node, String> done) {
        if (n.kind() == NodeKind.SERIAL && n.children().size() == 1) {
            write(dag, n.children().get(0).node(), out, done);
            return;
        }
        String known = done.get(n);
        if (known != null) {
            out.append(known);
            return;
        }
        int start = out.length();
        out.append(n.kind().json().charAt(0));
        if (n.isFragment() || n.kind() == NodeKind.LEAF) {
            out.append(n.name()).append('/').append(n.execution().ordinal());
        }
        n.trips().ifPresent(t -> out.append('x').append(t.text()));
        if (n.kind() == NodeKind.PARALLEL || n.kind() == NodeKind.PARALLEL_LOOP) {
            out.append(dag.scheduling(n).kind().ordinal());
        }
        out.append('(');
        for (Child c : n.kind() == NodeKind.SERIAL ? steps(n) : n.children()) {
            write(dag, c.node(), out, done);
            c.use().vars().forEach(b -> out.append('v').append(b.name()).append('=').append(b.value().text()));
            out.append(',');
        }
        out.append(')');
        done.put(n, out.substring(start));
    }
}

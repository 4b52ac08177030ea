package lcm.frontend;

import lcm.dag.Child;
import lcm.dag.Node;
import lcm.expr.Expr;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The variables a subtree of the DAG uses and does not bind itself: those its trip counts,
 * models and bindings mention, less the names a {@code vars:} or a call's arguments bind
 * below. What a call's arguments need bound, and what tells a {@code vars:} that sets a name
 * nothing below it uses ({@link UnusedBindings}). Each node is worked out once.
 */
final class SubtreeVariables {

    private final Map<Node, Set<String>> known = new IdentityHashMap<>();

    /** The variables {@code n}'s subtree uses and does not bind itself. */
    Set<String> of(Node n) {
        Set<String> done = known.get(n);
        if (done != null) {
            return done;
        }
        Set<String> out = new HashSet<>();
        n.trips().ifPresent(t -> out.addAll(Expr.variables(List.of(t))));
        out.addAll(Expr.variables(n.model().values()));
        for (Child c : n.children()) {
            // a name the child's use binds (vars:, an argument) is not the enclosing node's variable there
            Set<String> below = new HashSet<>(of(c.node()));
            c.use().vars().forEach(b -> below.remove(b.name()));
            c.use().arguments().forEach(b -> below.remove(b.name()));
            out.addAll(below);
            c.use().vars().forEach(b -> out.addAll(Expr.variables(List.of(b.value()))));
            c.use().arguments().forEach(b -> out.addAll(Expr.variables(List.of(b.value()))));
        }
        known.put(n, out);
        return out;
    }
}

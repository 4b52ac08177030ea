package lcm.frontend;

import lcm.annotation.Annotation;
import lcm.dag.Child;
import lcm.dag.Node;
import lcm.expr.Processors;
import lcm.source.Diagnostics;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * A {@code vars:} binding that counts for nothing: it sets a name that no trip count, model or
 * binding of its node's subtree uses, so the value is lost without a word and a later step says
 * only that the name is unknown (docs/annotations.md, "vars:"). Each is a warning at the
 * annotation. Bindings of p are left alone: p sets the processors of the subtree, used or not.
 */
final class UnusedBindings {

    private UnusedBindings() {
    }

    /** Warns at each binding below {@code root} whose name its subtree does not use. */
    static void check(Node root, SubtreeVariables used, Diagnostics diagnostics) {
        walk(root, used, diagnostics, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static void walk(Node n, SubtreeVariables used, Diagnostics diagnostics, Set<Node> seen) {
        if (!seen.add(n)) {
            return;
        }
        for (Child c : n.children()) {
            if (c.use().varsAt().isPresent()) {
                for (Annotation.Binding b : c.use().vars()) {
                    if (!b.name().equals(Processors.NAME) && !used.of(c.node()).contains(b.name())) {
                        diagnostics.warning(c.use().varsAt().get(), "'vars: " + b.name() + " = " + b.value().text()
                                + "' has no effect: no trip count, model or binding of " + c.node().name()
                                + " or below uses " + b.name());
                    }
                }
            }
            walk(c.node(), used, diagnostics, seen);
        }
    }
}

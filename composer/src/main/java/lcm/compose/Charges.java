package lcm.compose;

import lcm.algebra.Alg;
import lcm.annotation.Category;
import lcm.dag.Node;
import lcm.expr.Expr;
import lcm.width.AppliedRule;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The CL and RC the data-trace rules charge at the least upper bound of each transfer, by tree
 * position (docs/composition.md#4-data-traces-cl-and-rc): a node reached through several edges
 * gets them only at the positions where they are charged.
 */
final class Charges {

    /** CL and RC a transfer adds to (or removes from) its LUB node, per execution of the LUB. */
    record Charge(Expr cl, Expr rc, Transfer transfer) {
    }

    private final Map<String, List<Charge>> byPosition = new HashMap<>();
    private Set<String> charged;

    /** Charges {@code charge} at the position {@code lub}; before the structure is composed. */
    void add(int[] lub, Charge charge) {
        byPosition.computeIfAbsent(TreePath.key(lub), k -> new ArrayList<>()).add(charge);
        charged = null;
    }

    /** Whether a transfer is charged at or below this position (its model then differs from other positions of its node). */
    boolean chargedAtOrBelow(int[] path) {
        if (byPosition.isEmpty()) {
            return false;
        }
        if (charged == null) {
            charged = new HashSet<>();
            for (String key : byPosition.keySet()) {
                charged.add(key);
                for (int i = key.lastIndexOf('/'); i >= 0; i = key.lastIndexOf('/', i - 1)) {
                    charged.add(key.substring(0, i));
                    if (i == 0) {
                        break;
                    }
                }
            }
        }
        return charged.contains(TreePath.key(path));
    }

    /** {@code m}, the model of {@code n} at {@code path}, with the CL and RC of the transfers whose LUB is there. */
    NodeModel apply(Node n, int[] path, NodeModel m, RuleLog rules) {
        List<Charge> here = byPosition.isEmpty() ? null : byPosition.get(TreePath.key(path));
        if (here == null || here.isEmpty()) {
            return m;
        }
        Map<Category, Expr> cats = new EnumMap<>(m.categories());
        List<Expr> added = new ArrayList<>();
        for (Charge c : here) {
            cats.put(Category.CL, Alg.add(cats.get(Category.CL), c.cl()));
            cats.put(Category.RC, Alg.add(cats.get(Category.RC), c.rc()));
            added.add(c.cl());
            added.add(c.rc());
            rules.add(() -> new AppliedRule(n.name(), n.at(), "transfer of " + c.transfer().item() + " from "
                    + c.transfer().from() + " to " + c.transfer().to() + " (" + c.transfer().change().json() + "): CL",
                    Optional.of(c.cl())));
            rules.add(() -> new AppliedRule(n.name(), n.at(), "transfer of " + c.transfer().item() + " ("
                    + c.transfer().change().json() + "): RC", Optional.of(c.rc())));
        }
        Expr time = Alg.add(m.time(), Alg.div(Alg.sum(added), m.processors()));
        return new NodeModel(cats, time, m.processors());
    }
}

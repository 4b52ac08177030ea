package lcm.frontend;

import lcm.annotation.Annotation;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.expr.Expr;
import lcm.structure.Attached;
import lcm.structure.Construct;
import lcm.structure.Routine;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the structure builder asks of a construct before it makes a node of it: whether it is
 * structure (a node of its own) or merged into a leaf, a loop's index and trip count, how many
 * fragments a body holds, whether a subtree holds a fragment.
 */
final class ConstructFacts {

    private ConstructFacts() {
    }

    /** Whether a fragment is at or below the node (routines shared by several calls are looked at once). */
    static boolean holdsFragment(Node n, Set<Node> seen) {
        if (n.kind() == NodeKind.FRAGMENT) {
            return true;
        }
        if (!seen.add(n)) {
            return false;
        }
        return n.children().stream().anyMatch(k -> holdsFragment(k.node(), seen));
    }

    /** The index variable of a loop construct, "" for anything else. */
    static String loopVariable(Construct c) {
        if (c instanceof Construct.Loop l) {
            return l.variable();
        }
        if (c instanceof Construct.ParallelLoop l) {
            return l.variable();
        }
        return "";
    }

    /** The trip count of a loop construct (an {@code iterations:} annotation wins), empty otherwise. */
    static Optional<Expr> loopTrips(Construct c) {
        if (c instanceof Construct.Loop l) {
            return l.attached().iterations().map(Annotation.Iterations::count).or(l::trips);
        }
        if (c instanceof Construct.ParallelLoop l) {
            return l.attached().iterations().map(Annotation.Iterations::count).or(l::trips);
        }
        return Optional.empty();
    }

    /** Whether a construct becomes a node of its own (else it is merged into a leaf). */
    static boolean isStructural(Construct c, Map<String, Routine> lookup) {
        Attached a = c.attached();
        if (a.hasModel() || !a.vars().isEmpty() || a.annotations().stream().anyMatch(
                x -> x instanceof Annotation.DataUse || x instanceof Annotation.Independent)) {
            return true;
        }
        if (c instanceof Construct.Call call) {
            return lookup.containsKey(call.callee());
        }
        if (c instanceof Construct.ParallelLoop || c instanceof Construct.Sections || c instanceof Construct.Region
                || c instanceof Construct.OneProcessor || c instanceof Construct.FragmentBlock
                || c instanceof Construct.SyncPoint) {
            return true;
        }
        if (c instanceof Construct.Simple || c instanceof Construct.Barrier) {
            return false;
        }
        for (List<Construct> inner : c.bodies()) {
            for (Construct x : inner) {
                if (isStructural(x, lookup)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The fragments written directly in a body (not through calls, not inside fragments). */
    static int fragmentCount(List<Construct> body) {
        int n = 0;
        for (Construct c : body) {
            if (c.attached().hasModel() || c instanceof Construct.FragmentBlock) {
                n++;
                continue;
            }
            for (List<Construct> inner : c.bodies()) {
                n += fragmentCount(inner);
            }
        }
        return n;
    }
}

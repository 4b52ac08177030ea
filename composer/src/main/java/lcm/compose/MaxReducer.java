package lcm.compose;

import lcm.algebra.Alg;
import lcm.algebra.Positivity;
import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the max of task times (docs/design.md#model-semantics): kept symbolic unless one argument provably
 * dominates another over the variables' domain (every variable at least 1: sizes, processors,
 * counts). The proof is syntactic and sound: a - b, in lcm's normal form, is a sum of terms
 * each of which is a positive coefficient times factors that are positive on the domain.
 * When that cannot be shown the max stays, and evaluation decides per point.
 */
final class MaxReducer {

    Expr max(List<Expr> args) {
        List<Expr> kept = new ArrayList<>(args);
        boolean changed = true;
        while (changed && kept.size() > 1) {
            changed = false;
            outer:
            for (int i = 0; i < kept.size(); i++) {
                for (int j = 0; j < kept.size(); j++) {
                    if (i != j && dominates(kept.get(i), kept.get(j))) {
                        kept.remove(j);
                        changed = true;
                        break outer;
                    }
                }
            }
        }
        return Alg.max(kept);
    }

    /** a >= b everywhere on the domain, provably. */
    static boolean dominates(Expr a, Expr b) {
        return Positivity.nonNegative(Alg.sub(a, b));
    }
}

package lcm.algebra;

import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.List;

/**
 * The terms of a sum for {@link Alg}'s constructors ({@code a - b} contributes a and -b, zeros
 * dropped), flattened through nested sums up to {@value #LIMIT} terms: a larger nested sum stays
 * one term.
 */
final class Addends {

    private Addends() {
    }

    /**
     * A nested sum with more terms than this is kept as one term: like terms then meet only
     * within a sum, not across large ones, which keeps composing a large program linear.
     */
    static final int LIMIT = 64;

    /** The terms of a sum (a - b contributes a and -b); a large nested sum stays one term. */
    static List<Expr> of(Expr e) {
        List<Expr> out = new ArrayList<>();
        collect(e, false, out);
        return out;
    }

    /** Terms of {@code e}, counted up to {@code limit} + 1. */
    static int count(Expr e, int limit) {
        if (e instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB)) {
            int left = count(b.left(), limit);
            return left > limit ? left : left + count(b.right(), limit - left);
        }
        return 1;
    }

    static void collect(Expr e, boolean negate, List<Expr> out) {
        int start = out.size();
        if (collectAtMost(e, negate, out, LIMIT) < 0) {
            // more than LIMIT terms: the ones collected are dropped, the sum is one term
            out.subList(start, out.size()).clear();
            out.add(negate ? new Expr.Neg(e) : e);
        }
    }

    /**
     * The terms, collected while at most {@code budget} terms (zeros included) are met; returns
     * the budget left, or -1 as soon as one more term is met (one walk instead of counting first).
     */
    private static int collectAtMost(Expr e, boolean negate, List<Expr> out, int budget) {
        if (e instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB)) {
            int left = collectAtMost(b.left(), negate, out, budget);
            return left < 0 ? left : collectAtMost(b.right(), b.op() == Expr.Op.SUB != negate, out, left);
        }
        if (budget == 0) {
            return -1;
        }
        if (!Alg.isZero(e)) {
            out.add(negate ? Alg.neg(e) : e);
        }
        return budget - 1;
    }
}

package lcm.algebra;

import lcm.expr.Expr;

import java.math.BigDecimal;

/**
 * Sign facts about expressions when every variable is at least 1 (the domain of sizes,
 * processors and counts). Sound, not complete: "true" is a proof, "false" means unknown.
 */
public final class Positivity {

    private Positivity() {
    }

    /** e >= 0 on the domain, term by term of its top-level sum. */
    public static boolean nonNegative(Expr e) {
        if (e instanceof Expr.Bin b && b.op() == Expr.Op.ADD) {
            return nonNegative(b.left()) && nonNegative(b.right());
        }
        return nonNeg(e);
    }

    /** e > 0 on the domain. */
    static boolean positive(Expr e) {
        if (e instanceof Expr.Num n) {
            return n.value().signum() > 0;
        }
        if (e instanceof Expr.Var) {
            return true;
        }
        if (e instanceof Expr.Bin b) {
            return switch (b.op()) {
                case MUL, DIV -> positive(b.left()) && positive(b.right());
                case ADD -> positive(b.left()) && nonNeg(b.right()) || nonNeg(b.left()) && positive(b.right());
                case POW -> positive(b.left());
                case SUB -> false;
            };
        }
        if (e instanceof Expr.Call c) {
            Expr a = c.args().get(0);
            return switch (c.fn()) {
                case SQRT, ABS, CEIL -> positive(a);
                case EXP -> true;
                case LOG, LOG2, EMAX -> greaterThanOne(a);
                case FLOOR -> atLeastOne(a);
                case MAX -> c.args().stream().anyMatch(Positivity::positive);
                case MIN -> c.args().stream().allMatch(Positivity::positive);
            };
        }
        return false;
    }

    /** e >= 0 on the domain. */
    static boolean nonNeg(Expr e) {
        if (e instanceof Expr.Num n) {
            return n.value().signum() >= 0;
        }
        if (e instanceof Expr.Neg n) {
            return n.operand() instanceof Expr.Num x && x.value().signum() <= 0;
        }
        if (e instanceof Expr.Bin b) {
            return switch (b.op()) {
                case MUL -> nonNeg(b.left()) && nonNeg(b.right());
                case DIV -> nonNeg(b.left()) && positive(b.right());
                case ADD -> nonNeg(b.left()) && nonNeg(b.right());
                case POW -> nonNeg(b.left());
                case SUB -> false;
            };
        }
        if (e instanceof Expr.Call c) {
            Expr a = c.args().get(0);
            return switch (c.fn()) {
                case SQRT, ABS, EXP, EMAX -> true;
                case CEIL, FLOOR -> nonNeg(a);
                case LOG, LOG2 -> atLeastOne(a);
                case MAX -> c.args().stream().anyMatch(Positivity::nonNeg);
                case MIN -> c.args().stream().allMatch(Positivity::nonNeg);
            };
        }
        return positive(e);
    }

    /** e >= 1: variables, numbers >= 1, and sums, products and powers of such. */
    private static boolean atLeastOne(Expr e) {
        if (e instanceof Expr.Var) {
            return true;
        }
        if (e instanceof Expr.Num n) {
            return n.value().compareTo(BigDecimal.ONE) >= 0;
        }
        if (e instanceof Expr.Bin b) {
            return switch (b.op()) {
                case MUL -> atLeastOne(b.left()) && atLeastOne(b.right());
                case ADD -> atLeastOne(b.left()) && nonNeg(b.right()) || nonNeg(b.left()) && atLeastOne(b.right());
                case POW -> atLeastOne(b.left()) && nonNeg(b.right());
                default -> false;
            };
        }
        return false;
    }

    /** e > 1. */
    private static boolean greaterThanOne(Expr e) {
        if (e instanceof Expr.Num n) {
            return n.value().compareTo(BigDecimal.ONE) > 0;
        }
        if (e instanceof Expr.Bin b && b.op() == Expr.Op.ADD) {
            return atLeastOne(b.left()) && positive(b.right()) || positive(b.left()) && atLeastOne(b.right());
        }
        return false;
    }
}

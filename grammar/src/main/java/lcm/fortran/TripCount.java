package lcm.fortran;

import lcm.expr.Expr;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * The trip count of a DO loop from its bounds: {@code do k = 1, itors/2} runs {@code itors/2}
 * times, {@code do i = 0, n-1} runs {@code n}, {@code do i = lo, hi, s} runs
 * {@code floor((hi - lo)/s) + 1}. Constants are folded so the counts read like the source.
 * Fortran's integer division is not modelled: {@code itors/2} stays a quotient.
 */
public final class TripCount {

    private TripCount() {
    }

    /** From the bound texts of a DO statement; empty if a bound is not a readable expression. */
    public static Optional<Expr> of(List<String> bounds) {
        if (bounds.size() < 2 || bounds.size() > 3) {
            return Optional.empty();
        }
        Optional<Expr> lo = StatementClassifier.expression(bounds.get(0));
        Optional<Expr> hi = StatementClassifier.expression(bounds.get(1));
        if (lo.isEmpty() || hi.isEmpty()) {
            return Optional.empty();
        }
        if (bounds.size() == 2) {
            return Optional.of(span(lo.get(), hi.get()));
        }
        Optional<Expr> step = StatementClassifier.expression(bounds.get(2));
        if (step.isEmpty()) {
            return Optional.empty();
        }
        if (step.get() instanceof Expr.Num s && s.value().compareTo(BigDecimal.ONE) == 0) {
            return Optional.of(span(lo.get(), hi.get()));
        }
        return Optional.of(tripsWithStep(lo.get(), hi.get(), step.get()));
    }

    /** Trip count for an explicit {@code lo, hi, step}. */
    public static Expr tripsWithStep(Expr lo, Expr hi, Expr step) {
        Expr diff = offset(hi, negate(lo));
        return offset(Expr.call(lcm.expr.Fn.FLOOR, Expr.div(diff, step)), BigDecimal.ONE);
    }

    /** hi - lo + 1, folded. */
    public static Expr span(Expr lo, Expr hi) {
        Expr diff = offset(hi, negate(lo));
        return offset(diff, BigDecimal.ONE);
    }

    private static Expr negate(Expr e) {
        if (e instanceof Expr.Num n) {
            return new Expr.Num(n.value().negate());
        }
        return new Expr.Neg(e);
    }

    /** a + b where b may be a number: folds constants that end {@code a}. */
    private static Expr offset(Expr a, Expr b) {
        if (b instanceof Expr.Num n) {
            return offset(a, n.value());
        }
        if (b instanceof Expr.Neg neg) {
            return Expr.sub(a, neg.operand());
        }
        return Expr.add(a, b);
    }

    static Expr offset(Expr a, BigDecimal c) {
        if (c.signum() == 0) {
            return a;
        }
        if (a instanceof Expr.Num n) {
            return new Expr.Num(n.value().add(c));
        }
        if (a instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB)
                && b.right() instanceof Expr.Num r) {
            BigDecimal k = (b.op() == Expr.Op.ADD ? r.value() : r.value().negate()).add(c);
            return offset(b.left(), k);
        }
        if (a instanceof Expr.Bin b && b.op() == Expr.Op.SUB && b.left() instanceof Expr.Num l) {
            // (k - x) + c
            return Expr.sub(new Expr.Num(l.value().add(c)), b.right());
        }
        return c.signum() > 0 ? Expr.add(a, new Expr.Num(c)) : Expr.sub(a, new Expr.Num(c.negate()));
    }
}

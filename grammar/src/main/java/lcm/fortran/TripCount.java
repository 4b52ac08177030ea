package lcm.fortran;

import lcm.expr.Fn;
import lcm.expr.Expr;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * The trip count of a DO loop from its bounds: {@code do k = 1, itors/2} runs {@code itors/2}
 * times, {@code do i = 0, n-1} runs {@code n}, {@code do i = lo, hi, s} runs
 * {@code floor((hi - lo)/s) + 1}. Constants are folded so the counts read like the source.
 * Fortran's integer division is not modelled: {@code itors/2} stays a quotient, but a quotient
 * that integer arithmetic makes exact is folded ({@code floor((2*n-2)/2)+1} is {@code n}).
 */
public final class TripCount {

    private TripCount() {
    }

    /** From the bound texts of a DO statement; empty if a bound is not a readable expression. */
    public static Optional<Expr> of(List<String> bounds) {
        if (bounds.size() < 2 || bounds.size() > 3) {
            return Optional.empty();
        }
        Optional<Expr> lo = FortranExpressions.expression(bounds.get(0));
        Optional<Expr> hi = FortranExpressions.expression(bounds.get(1));
        if (lo.isEmpty() || hi.isEmpty()) {
            return Optional.empty();
        }
        if (bounds.size() == 2) {
            return Optional.of(span(lo.get(), hi.get()));
        }
        Optional<Expr> step = FortranExpressions.expression(bounds.get(2));
        if (step.isEmpty()) {
            return Optional.empty();
        }
        if (step.get() instanceof Expr.Num s && s.value().compareTo(BigDecimal.ONE) == 0) {
            return Optional.of(span(lo.get(), hi.get()));
        }
        return Optional.of(tripsWithStep(lo.get(), hi.get(), step.get()));
    }

    /**
     * Trip count for an explicit {@code lo, hi, step}: a step of -1 counts down
     * ({@code lo - hi + 1}); other steps give {@code floor((hi - lo)/step) + 1}.
     */
    public static Expr tripsWithStep(Expr lo, Expr hi, Expr step) {
        if (step instanceof Expr.Num s && s.value().compareTo(BigDecimal.ONE.negate()) == 0) {
            return span(hi, lo);
        }
        if (step instanceof Expr.Neg n && n.operand() instanceof Expr.Num s && s.value().compareTo(BigDecimal.ONE) == 0) {
            return span(hi, lo);
        }
        LinearSum difference = LinearSum.of(hi).plus(LinearSum.of(lo), -1);
        if (step instanceof Expr.Num s && s.value().signum() != 0 && s.value().stripTrailingZeros().scale() <= 0) {
            LinearSum exact = difference.dividedBy(s.value());
            if (exact != null) {
                return exact.plus(BigDecimal.ONE).expr(); // do i = 1, 2*n-1, 2 runs (2n-2)/2+1 = n times
            }
        }
        Expr diff = difference.expr();
        return LinearSum.of(Expr.call(Fn.FLOOR, Expr.div(diff, step))).plus(BigDecimal.ONE).expr();
    }

    /** hi - lo + 1, folded: {@code span(k+1, n)} is {@code n-k}. */
    public static Expr span(Expr lo, Expr hi) {
        return LinearSum.of(hi).plus(LinearSum.of(lo), -1).plus(BigDecimal.ONE).expr();
    }
}

package lcm.width;

import lcm.expr.NumberText;
import lcm.expr.Expr;
import lcm.source.SourceLocation;

import java.util.function.Supplier;

/**
 * A condition the composition cannot decide symbolically and checks at every evaluated point:
 * {@code value} should lie in {@code atLeast .. atMost}; where it does not, the user sees the
 * message made from the value and the point (a task on less than one processor, a team larger
 * than its processors, a fragment model evaluated more than 2x beyond the range it was fitted
 * on). The message is built only when a check fails: a program of 10^5 fragments has a check for
 * nearly every task, and their texts took 20 MiB.
 */
public record PointCheck(Kind kind, Expr value, double atLeast, double atMost, SourceLocation at, Message message) {

    /** What a check is about: a condition of the structure (widths, teams), or a model used beyond its data. */
    public enum Kind { CONDITION, EXTRAPOLATION }

    /** The text of a failed check, from the value found and the point (its variables as text). */
    @FunctionalInterface
    public interface Message {
        String text(double value, String where);
    }

    /**
     * A check that {@code value} is at least {@code atLeast}; its warning is {@code text}
     * followed by the point and the value found.
     */
    public PointCheck(Expr value, double atLeast, SourceLocation at, Supplier<String> text) {
        this(Kind.CONDITION, value, atLeast, Double.POSITIVE_INFINITY, at,
                (v, where) -> text.get() + " (at " + where + ": " + NumberText.plain(v) + ")");
    }

    /**
     * A check that a fragment's model is not evaluated at more than {@code atMost} of a variable
     * (twice the largest value it was fitted on); {@code message} says so at a point.
     */
    public static PointCheck extrapolation(Expr value, double atMost, SourceLocation at, Message message) {
        return new PointCheck(Kind.EXTRAPOLATION, value, Double.NEGATIVE_INFINITY, atMost, at, message);
    }

    /** Whether {@code v} fails the check. */
    public boolean fails(double v) {
        return v < atLeast - 1e-12 || v > atMost + 1e-12;
    }

    /** The warning for the value {@code v} found at {@code where}. */
    public String message(double v, String where) {
        return message.text(v, where);
    }
}

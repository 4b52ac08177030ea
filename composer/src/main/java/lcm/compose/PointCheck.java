package lcm.compose;

import lcm.expr.Expr;
import lcm.source.SourceLocation;

import java.util.function.Supplier;

/**
 * A condition the composition cannot decide symbolically and checks at every evaluated point:
 * {@code value} should be at least {@code atLeast}; where it is not, the user sees
 * {@code message} with the point and the value (a task on less than one processor, a team
 * larger than its processors). The message is built only when a check fails: a program of 10^5
 * fragments has a check for nearly every task, and their texts took 20 MiB.
 */
public record PointCheck(Expr value, double atLeast, SourceLocation at, Supplier<String> text) {

    public String message() {
        return text.get();
    }
}

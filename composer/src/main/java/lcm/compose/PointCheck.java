package lcm.compose;

import lcm.expr.Expr;
import lcm.source.SourceLocation;

/**
 * A condition the composition cannot decide symbolically and checks at every evaluated point:
 * {@code value} should be at least {@code atLeast}; where it is not, the user sees
 * {@code message} with the point and the value (a task on less than one processor, a team
 * larger than its processors).
 */
public record PointCheck(Expr value, double atLeast, SourceLocation at, String message) {
}

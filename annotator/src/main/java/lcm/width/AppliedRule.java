package lcm.width;

import lcm.expr.Expr;
import lcm.source.SourceLocation;

import java.util.Optional;

/**
 * One rule applied during composition, for {@code --explain}: at which node, where in the
 * source, which rule, and the expression it added (or the value it set).
 */
public record AppliedRule(String node, SourceLocation at, String rule, Optional<Expr> expression) {
}

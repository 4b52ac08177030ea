package lcm.expr;

import java.util.List;

/**
 * A bottom-up fold of an {@link Expr} ({@link Expr#fold}): the result at each node computed from
 * the node and its {@linkplain Expr#children() children}'s results. Each node object is folded
 * once, however many parents share it (composed models are DAGs), so the function must depend
 * on the node alone. For example, the depth of a tree:
 * <pre>{@code int depth = e.fold((node, kids) -> 1 + kids.stream().mapToInt(Integer::intValue).max().orElse(0));}</pre>
 *
 * @param <R> the result at a node
 */
@FunctionalInterface
public interface ExprFold<R> {

    /**
     * The result at {@code node} from its children's results, in {@link Expr#children()} order
     * (empty for a number or a variable); the list is new and the function may keep it.
     */
    R node(Expr node, List<R> children);

    /**
     * A result for {@code node} decided before its children are folded, which are then not
     * visited ({@code x -> x instanceof Expr.Var v ? value(v) : null}); null, the default, folds
     * them. Called top down, once per node object.
     */
    default R whole(Expr node) {
        return null;
    }
}

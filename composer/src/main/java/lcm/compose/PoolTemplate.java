package lcm.compose;

import lcm.annotation.Category;
import lcm.annotation.DataItem;
import lcm.expr.Expr;

import java.util.List;
import java.util.Map;

/**
 * What one task of a pool does, in order, before a point gives its trip counts and processors
 * (docs/composition.md, "Execution models"): its parallel loops, with their fragment models
 * kept as functions of the width the schedule will give them ({@link PoolNode#WIDTH}); its serial
 * code, at p = 1; loops kept as loops. The data items say which units of other tasks a unit waits
 * for.
 */
public sealed interface PoolTemplate {

    /** A fragment: a parallel loop in the pool ({@code parallel}), or serial code on the task's thread. */
    record Fragment(String label, boolean parallel, Map<Category, Expr> categories, List<DataItem> inputs,
                    List<DataItem> outputs) implements PoolTemplate {
        public Fragment {
            categories = Map.copyOf(categories);
            inputs = List.copyOf(inputs);
            outputs = List.copyOf(outputs);
        }
    }

    /** A serial loop: its body {@code trips} times, with {@code variable} = 1, 2, ... */
    record Repeat(Expr trips, String variable, List<PoolTemplate> body) implements PoolTemplate {
        public Repeat {
            body = List.copyOf(body);
        }
    }
}

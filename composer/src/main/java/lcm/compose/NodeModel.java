package lcm.compose;

import lcm.algebra.Alg;
import lcm.annotation.Category;
import lcm.expr.Expr;

import java.util.Collections;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The composed model of one node: lost cycles per category (processor-seconds, summed over
 * the node's processors), its time, and its processors. Conservation (docs/design.md#model-semantics):
 * (sum of categories) / processors = time.
 */
public record NodeModel(Map<Category, Expr> categories, Expr time, Expr processors) {

    public NodeModel {
        EnumMap<Category, Expr> m = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            m.put(c, categories.getOrDefault(c, Alg.ZERO));
        }
        categories = Collections.unmodifiableMap(m);
    }

    public static NodeModel zero(Expr processors) {
        return new NodeModel(Map.of(), Alg.ZERO, processors);
    }

    public Expr category(Category c) {
        return categories.get(c);
    }

    /** Sum of all categories. */
    public Expr total() {
        List<Expr> all = new ArrayList<>(categories.values());
        return Alg.sum(all);
    }
}

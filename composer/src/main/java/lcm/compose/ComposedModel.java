package lcm.compose;

import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.expr.Expr;
import lcm.width.AppliedRule;
import lcm.width.PointCheck;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A program model: T_P and each category as expressions in the program's variables, the
 * transfers found, the rules applied, and the warnings of the composition.
 *
 * @param variables the free variables, in display order (n, p first)
 * @param defaults  values the sources give some variables (Fortran parameters), used when a point omits them
 * @param syncNodes parallel nodes whose tasks synchronize: their variables ({@code cp_...},
 *                  {@code sl_...}, {@code li_...}, {@code ip_...}) in the expressions get values per point,
 *                  inner nodes first
 * @param checks    conditions verified at each evaluated point (widths below one processor, time-sliced teams)
 */
public record ComposedModel(List<String> variables, Expr time, Map<Category, Expr> categories,
                            List<Transfer> transfers, List<AppliedRule> steps, List<String> warnings,
                            Map<String, Double> defaults, List<SyncNode> syncNodes, List<PointCheck> checks) {

    /** T_P and the categories at one point, the critical paths computed for it, and what looked wrong there. */
    public record PointValues(double time, Map<Category, Double> categories, List<SyncNode.Evaluation> criticalPaths,
                              List<String> warnings) {
        public PointValues {
            categories = Collections.unmodifiableMap(new EnumMap<>(categories));
            criticalPaths = List.copyOf(criticalPaths);
            warnings = List.copyOf(warnings);
        }
    }

    public ComposedModel {
        variables = List.copyOf(variables);
        categories = Map.copyOf(categories);
        transfers = List.copyOf(transfers);
        steps = List.copyOf(steps);
        warnings = List.copyOf(warnings);
        defaults = Map.copyOf(defaults);
        syncNodes = List.copyOf(syncNodes);
        checks = List.copyOf(checks);
    }

    /** Whether parts of the model come from critical paths (no closed form). */
    public boolean synchronizes() {
        return !syncNodes.isEmpty();
    }

    /**
     * The model at {@code point} (values of its variables): one evaluation whether or not parts
     * of it come from critical paths. Warnings name the point: a category below zero or not
     * finite, a check that fails (docs/composition.md, "Warnings at a point").
     */
    public PointValues evaluate(Map<String, Double> point) {
        List<SyncNode.Evaluation> paths = new ArrayList<>();
        Map<String, Double> at = withSyncValues(point, paths);
        double t = Evaluator.eval(time, at);
        Map<Category, Double> cats = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            cats.put(c, Evaluator.eval(categories.get(c), at));
        }
        return new PointValues(t, cats, paths, PointWarnings.of(t, cats, checks, point));
    }

    /**
     * The values of the sync nodes' variables at {@code point} (the model's variables), added to
     * a copy of it, and the evaluations (critical paths) in order.
     */
    public Map<String, Double> withSyncValues(Map<String, Double> point, List<SyncNode.Evaluation> evaluations) {
        Map<String, Double> all = new LinkedHashMap<>(point);
        for (SyncNode s : syncNodes) {
            SyncNode.Evaluation e = s.evaluate(all);
            s.addValues(all, e);
            evaluations.add(e);
        }
        return all;
    }
}

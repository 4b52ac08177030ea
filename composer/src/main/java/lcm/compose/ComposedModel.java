package lcm.compose;

import lcm.annotation.Category;
import lcm.expr.Expr;

import java.util.List;
import java.util.Map;

/**
 * A program model: T_P and each category as expressions in the program's variables, the
 * transfers found, the rules applied, and the warnings of the composition.
 *
 * @param variables the free variables, in display order (n, p first)
 * @param defaults  values the sources give some variables (Fortran parameters), used when a point omits them
 * @param syncNodes parallel nodes whose tasks synchronize: their variables ({@code cp_...},
 *                  {@code sl_...}, {@code li_...}) in the expressions get values per point, inner nodes first
 */
public record ComposedModel(List<String> variables, Expr time, Map<Category, Expr> categories,
                            List<Transfer> transfers, List<AppliedRule> steps, List<String> warnings,
                            Map<String, Double> defaults, List<SyncNode> syncNodes) {

    public ComposedModel {
        variables = List.copyOf(variables);
        categories = Map.copyOf(categories);
        transfers = List.copyOf(transfers);
        steps = List.copyOf(steps);
        warnings = List.copyOf(warnings);
        defaults = Map.copyOf(defaults);
        syncNodes = List.copyOf(syncNodes);
    }

    /**
     * The values of the sync nodes' variables at {@code point} (the model's variables), added to
     * a copy of it, and the evaluations (critical paths) in order.
     */
    public Map<String, Double> withSyncValues(Map<String, Double> point, List<SyncNode.Evaluation> evaluations) {
        Map<String, Double> all = new java.util.LinkedHashMap<>(point);
        for (SyncNode s : syncNodes) {
            SyncNode.Evaluation e = s.evaluate(all);
            all.put(s.time(), e.time());
            all.put(s.sl(), e.sl());
            all.put(s.li(), e.li());
            evaluations.add(e);
        }
        return all;
    }
}

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
 */
public record ComposedModel(List<String> variables, Expr time, Map<Category, Expr> categories,
                            List<Transfer> transfers, List<Step> steps, List<String> warnings,
                            Map<String, Double> defaults) {

    public ComposedModel {
        variables = List.copyOf(variables);
        categories = Map.copyOf(categories);
        transfers = List.copyOf(transfers);
        steps = List.copyOf(steps);
        warnings = List.copyOf(warnings);
        defaults = Map.copyOf(defaults);
    }
}

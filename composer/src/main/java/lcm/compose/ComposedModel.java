package lcm.compose;

import lcm.expr.CompiledExpr;
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
     * {@link #evaluate} at each of {@code points}, in order: without critical paths, each of T_P
     * and the categories is compiled once for the points that name the same variables (a search
     * that evaluates many variants at many points builds each expression's tape once, not once
     * a point), giving the same values.
     */
    public List<PointValues> evaluate(List<Map<String, Double>> points) {
        if (!syncNodes.isEmpty() || points.size() < 2) {
            return points.stream().map(this::evaluate).toList();
        }
        List<PointValues> out = new ArrayList<>(points.size());
        List<String> names = null;
        Map<Category, CompiledExpr> compiled = null;
        CompiledExpr t = null;
        List<CompiledExpr> checked = null;
        for (Map<String, Double> point : points) {
            List<String> these = new ArrayList<>(point.keySet());
            if (point.values().stream().anyMatch(java.util.Objects::isNull)) {
                out.add(evaluate(point));
                continue;
            }
            if (!these.equals(names)) {
                try {
                    t = CompiledExpr.compile(time, these);
                    compiled = new EnumMap<>(Category.class);
                    for (Category c : Category.values()) {
                        compiled.put(c, CompiledExpr.compile(categories.get(c), these));
                    }
                    checked = compiledChecks(these);
                    names = these;
                } catch (IllegalArgumentException unbound) {
                    names = null;
                    out.add(evaluate(point)); // the one-point evaluation's error, as before
                    continue;
                }
            }
            double[] x = new double[these.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = point.get(these.get(i));
            }
            double value = t.eval(x);
            Map<Category, Double> cats = new EnumMap<>(Category.class);
            for (Category c : Category.values()) {
                cats.put(c, compiled.get(c).eval(x));
            }
            double[] checkValues = new double[checked.size()];
            for (int i = 0; i < checkValues.length; i++) {
                checkValues[i] = checked.get(i) == null ? Double.NaN : checked.get(i).eval(x);
            }
            out.add(new PointValues(value, cats, List.of(), PointWarnings.of(value, cats, checks, checkValues, point)));
        }
        return out;
    }

    /** Each check's value compiled for points that name {@code names}; null for one on a variable they do not name. */
    private List<CompiledExpr> compiledChecks(List<String> names) {
        List<CompiledExpr> out = new ArrayList<>(checks.size());
        for (PointCheck c : checks) {
            try {
                out.add(CompiledExpr.compile(c.value(), names));
            } catch (IllegalArgumentException unbound) {
                out.add(null);
            }
        }
        return out;
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

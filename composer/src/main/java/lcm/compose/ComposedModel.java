package lcm.compose;

import lcm.expr.CompiledExprs;
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
        return evaluate(point, null, checks);
    }

    /**
     * {@link #evaluate} at each of {@code points}, in order: without critical paths, T_P, the
     * categories and the point checks are compiled into one tape for the points that name the
     * same variables (a search that evaluates many variants at many points builds it once, not
     * once a point; their shared subexpressions computed once a point), giving the same values.
     */
    public List<PointValues> evaluate(List<Map<String, Double>> points) {
        return evaluate(points, null);
    }

    /**
     * Like {@link #evaluate(List)}, the same values, but the warnings at each point only those of
     * the failed checks of {@code kind} (lcm explore keeps the extrapolations alone: the text of
     * the others is not built); every warning where {@code kind} is null.
     */
    public List<PointValues> evaluate(List<Map<String, Double>> points, PointCheck.Kind kind) {
        List<PointCheck> reported = kind == null ? checks : checks.stream().filter(c -> c.kind() == kind).toList();
        if (!syncNodes.isEmpty() || points.size() < 2) {
            return points.stream().map(p -> evaluate(p, kind, reported)).toList();
        }
        List<PointValues> out = new ArrayList<>(points.size());
        List<String> names = null;
        CompiledExprs compiled = null;
        Category[] cs = Category.values();
        for (Map<String, Double> point : points) {
            List<String> these = new ArrayList<>(point.keySet());
            if (point.values().stream().anyMatch(java.util.Objects::isNull)) {
                out.add(evaluate(point, kind, reported));
                continue;
            }
            if (!these.equals(names)) {
                try {
                    List<Expr> required = new ArrayList<>(cs.length + 1);
                    required.add(time);
                    for (Category c : cs) {
                        required.add(categories.get(c));
                    }
                    compiled = CompiledExprs.compile(required, reported.stream().map(PointCheck::value).toList(), these);
                    names = these;
                } catch (IllegalArgumentException unbound) {
                    names = null;
                    out.add(evaluate(point, kind, reported)); // the one-point evaluation's error, as before
                    continue;
                }
            }
            double[] x = new double[these.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = point.get(these.get(i));
            }
            double[] v = compiled.eval(x);
            Map<Category, Double> cats = new EnumMap<>(Category.class);
            for (Category c : cs) {
                cats.put(c, v[1 + c.ordinal()]);
            }
            double[] checkValues = java.util.Arrays.copyOfRange(v, 1 + cs.length, v.length);
            out.add(new PointValues(v[0], cats, List.of(), kind == null
                    ? PointWarnings.of(v[0], cats, checks, checkValues, point)
                    : PointWarnings.failed(reported, checkValues, point)));
        }
        return out;
    }

    /** The model at {@code point}: every warning where {@code kind} is null, else those of the failed {@code reported} checks alone. */
    private PointValues evaluate(Map<String, Double> point, PointCheck.Kind kind, List<PointCheck> reported) {
        List<SyncNode.Evaluation> paths = new ArrayList<>();
        Map<String, Double> at = withSyncValues(point, paths);
        double t = Evaluator.eval(time, at);
        Map<Category, Double> cats = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            cats.put(c, Evaluator.eval(categories.get(c), at));
        }
        return new PointValues(t, cats, paths, kind == null ? PointWarnings.of(t, cats, checks, point)
                : PointWarnings.failed(reported, point));
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

package lcm.validate;

import lcm.annotation.Category;
import lcm.compose.ComposedModel;
import lcm.expr.Evaluator;
import lcm.expr.Median;
import lcm.expr.NumberText;
import lcm.probe.MeasuredRuns;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A composed model against the runs recorded of its program: the runs at the same point are
 * one row (their median time), predicted by the model at the point (its defaults, then the
 * given values, then the run's own variables). Rows are ordered by p, then by the plot's x
 * variable. A prediction that is negative or not finite is kept, with a warning.
 *
 * @param rows     one per point
 * @param warnings what the user must see beside the table (suspicious predictions)
 */
public record Validation(List<ValidationRow> rows, List<String> warnings) {

    /** The categories a validation sets against the measured ones. */
    public static final List<Category> CATEGORIES = List.of(Category.PC, Category.LI, Category.IP, Category.SL);

    /**
     * The validation of {@code model} against {@code runs}.
     *
     * @param measured   the pp file the runs come from (for messages)
     * @param program    the program's first source (for messages)
     * @param vars       values of model variables the runs do not give
     * @param categories whether to set the categories side by side too
     * @param x          the variable the rows are ordered by after p
     */
    public static Validation of(ComposedModel model, List<MeasuredRuns.Run> runs, Path measured, Path program,
                                Map<String, Double> vars, boolean categories, String x) {
        Map<String, List<MeasuredRuns.Run>> byPoint = new TreeMap<>();
        for (MeasuredRuns.Run r : runs) {
            byPoint.computeIfAbsent(new TreeMap<>(r.point()).toString(), k -> new ArrayList<>()).add(r);
        }
        List<ValidationRow> rows = new ArrayList<>();
        for (List<MeasuredRuns.Run> same : byPoint.values()) {
            rows.add(row(model, same, measured, program, vars, categories));
        }
        List<String> warnings = new ArrayList<>();
        for (ValidationRow r : rows) {
            if (!(r.predicted() >= 0) || Double.isInfinite(r.predicted())) {
                warnings.add("the predicted time at " + NumberText.point(r.point()) + " is "
                        + (Double.isNaN(r.predicted()) ? "not a number" : NumberText.plain(r.predicted()) + " s")
                        + ": a fragment model is negative or not finite there (a fit that undershoots its data, or "
                        + "one evaluated outside the range it was fitted on; lcm compose --at with --explain shows "
                        + "which); the point's error is printed as it is");
            }
        }
        rows.sort((a, b) -> {
            int c = Double.compare(a.point().getOrDefault("p", 0.0), b.point().getOrDefault("p", 0.0));
            return c != 0 ? c : Double.compare(a.point().getOrDefault(x, 0.0), b.point().getOrDefault(x, 0.0));
        });
        return new Validation(List.copyOf(rows), List.copyOf(warnings));
    }

    /** The runs at one point: predicted and (median) measured. */
    private static ValidationRow row(ComposedModel model, List<MeasuredRuns.Run> same, Path measured, Path program,
                                     Map<String, Double> vars, boolean categories) {
        Map<String, Double> point = new LinkedHashMap<>(model.defaults());
        point.putAll(vars);
        point.putAll(same.get(0).point());
        for (String v : model.variables()) {
            if (!point.containsKey(v)) {
                throw UserError.of(measured + ":" + same.get(0).line() + ": the run gives no value for " + v
                        + ", a variable of the model of " + program + " (give it with lcm measure --vars)");
            }
        }
        Map<String, Double> at = model.withSyncValues(point, new ArrayList<>());
        double predicted = Evaluator.eval(model.time(), at);
        double time = Median.of(same.stream().mapToDouble(MeasuredRuns.Run::time).toArray());
        Map<String, Double> predictedCats = new LinkedHashMap<>();
        Map<String, Double> measuredCats = new LinkedHashMap<>();
        if (categories) {
            ComposedModel.PointValues values = model.evaluate(point);
            for (Category c : CATEGORIES) {
                predictedCats.put(c.key(), values.categories().get(c));
                measuredCats.put(c.key(), Median.of(same.stream()
                        .mapToDouble(r -> r.categories().getOrDefault(c.key(), 0.0)).toArray()));
            }
        }
        return new ValidationRow(same.get(0).point(), predicted, time, predictedCats, measuredCats);
    }
}

package lcm.fit;

import lcm.expr.NumberText;
import com.fasterxml.jackson.databind.node.ArrayNode;
import lcm.annotation.Category;
import lcm.measure.MeasurementSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code lcm fit FILE} without {@code -c}/{@code -v}: every fragment (Extra-P region), every
 * measured quantity (Extra-P metric) and all variables that vary, in one run. A quantity named
 * like a category ({@code li}, {@code pc}, ...) gets that category's forms; any other (Extra-P's
 * {@code time}, {@code visits}, ...) gets the {@code pc} forms.
 */
public final class FitBatch {

    /** One modelled (fragment, quantity): the request's result. */
    public record Row(String tag, String quantity, FitResult result) {
    }

    private FitBatch() {
    }

    public static List<Row> run(MeasurementSet data, ModelFitter fitter) {
        List<Row> rows = new ArrayList<>();
        for (String tag : data.tags()) {
            MeasurementSet mine = data.withTag(tag);
            List<String> variables = mine.variables().stream().filter(v -> mine.distinct(v).size() > 1).toList();
            if (variables.isEmpty()) {
                continue;
            }
            for (String q : mine.quantitiesPresent()) {
                Category c = Category.byKey(q).orElse(Category.PC);
                FitRequest request = new FitRequest(mine.measurements(), q, c, variables, List.of(), false, true);
                Series s = Series.of(request.measurements(), q, variables);
                if (s.rows() == 0) {
                    continue;
                }
                rows.add(new Row(tag, q, fitter.fit(request, s)));
            }
        }
        return rows;
    }

    /** The table: fragment, quantity, variables, selected model, relative CV error, R². */
    public static String text(List<Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-16s %-10s %-10s %9s %8s  %s%n", "fragment", "quantity", "variables",
                "CV rel", "R2", "selected model"));
        for (Row r : rows) {
            String vars = String.join(" ", r.result().variables());
            String tag = r.tag().isEmpty() ? "-" : r.tag();
            Fit f = r.result().best().orElse(null);
            out.append(String.format(Locale.ROOT, "%-16s %-10s %-10s %9s %8s  %s%n", tag, r.quantity(), vars,
                    f == null ? "n/a" : NumberText.digits(f.cvRelative() * 100, 3) + " %",
                    f == null ? "n/a" : NumberText.digits(f.r2(), 4),
                    f == null ? "(nothing could be fitted)" : f.model().text()));
        }
        return out.toString();
    }

    public static String json(List<Row> rows) {
        ArrayNode all = FitJson.array();
        for (Row r : rows) {
            var node = FitJson.tree(r.result(), r.quantity(), List.of());
            node.put("fragment", r.tag());
            all.add(node);
        }
        return FitJson.write(all);
    }
}

package lcm.validate;

import lcm.annotation.Category;
import lcm.expr.Median;
import lcm.probe.ProbeRunFormat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The text of a {@link Validation}: the table of predicted and measured time, and the categories' table. */
public final class ValidationReport {

    private ValidationReport() {
    }

    /** Per point: predicted and measured seconds and the error; then the errors' median and maximum. */
    public static String table(List<ValidationRow> rows) {
        StringBuilder b = new StringBuilder();
        List<String> vars = new ArrayList<>(rows.get(0).point().keySet());
        for (String v : vars) {
            b.append(String.format(Locale.ROOT, "%8s", v));
        }
        b.append(String.format(Locale.ROOT, "%14s%14s%10s%n", "predicted s", "measured s", "error"));
        double[] abs = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            ValidationRow r = rows.get(i);
            for (String v : vars) {
                b.append(String.format(Locale.ROOT, "%8s", ProbeRunFormat.number(r.point().getOrDefault(v, Double.NaN))));
            }
            b.append(String.format(Locale.ROOT, "%14.4f%14.4f%+9.1f%%%n", r.predicted(), r.measured(), 100 * r.error()));
            abs[i] = Math.abs(r.error());
        }
        double max = 0;
        for (double a : abs) {
            max = Math.max(max, a);
        }
        b.append(String.format(Locale.ROOT, "%d points: median |error| %.1f %%, max |error| %.1f %%%n", rows.size(),
                100 * Median.of(abs), 100 * max));
        return b.toString();
    }

    /**
     * Per point and category: predicted / measured processor-seconds, and the measured time
     * outside every fragment, p x time - the categories' sum (time the model has no fragment for).
     */
    public static String categoryTable(List<ValidationRow> rows) {
        StringBuilder b = new StringBuilder("categories in processor-seconds, predicted / measured "
                + "(outside: p x measured time - the measured categories' sum)\n");
        List<String> vars = new ArrayList<>(rows.get(0).point().keySet());
        for (String v : vars) {
            b.append(String.format(Locale.ROOT, "%8s", v));
        }
        for (Category c : Validation.CATEGORIES) {
            b.append(String.format(Locale.ROOT, "%20s", c.key()));
        }
        b.append(String.format(Locale.ROOT, "%10s%n", "outside"));
        for (ValidationRow r : rows) {
            for (String v : vars) {
                b.append(String.format(Locale.ROOT, "%8s", ProbeRunFormat.number(r.point().getOrDefault(v, Double.NaN))));
            }
            double sum = 0;
            for (Category c : Validation.CATEGORIES) {
                double m = r.measuredCategories().getOrDefault(c.key(), 0.0);
                sum += m;
                b.append(String.format(Locale.ROOT, "%20s", String.format(Locale.ROOT, "%.4f / %.4f",
                        r.predictedCategories().getOrDefault(c.key(), 0.0), m)));
            }
            b.append(String.format(Locale.ROOT, "%10.4f%n", r.point().getOrDefault("p", 1.0) * r.measured() - sum));
        }
        return b.toString();
    }
}

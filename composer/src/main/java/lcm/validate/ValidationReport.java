package lcm.validate;

import lcm.annotation.Category;

import lcm.probe.ProbeRunFormat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The text of a {@link Validation}: the table of predicted and measured time, the verdicts and the
 * categories' table (docs/validation.md shows and explains them).
 */
public final class ValidationReport {

    private ValidationReport() {
    }

    /**
     * Per point: predicted time with its 90 % interval (when there is one), the measured time
     * (median run), the fastest and slowest run, the highest load average recorded, the error,
     * and whether the measured time lies inside the interval; then the summary lines.
     */
    public static String table(ValidationResult r) {
        StringBuilder b = new StringBuilder();
        List<String> vars = variables(r);
        boolean intervals = r.hasIntervals();
        for (String v : vars) {
            b.append(String.format(Locale.ROOT, "%8s", v));
        }
        b.append(String.format(Locale.ROOT, "%14s", "predicted s"));
        if (intervals) {
            b.append(String.format(Locale.ROOT, "%22s", "90 % interval"));
        }
        b.append(String.format(Locale.ROOT, "%14s%10s%10s%7s%10s", "measured s", "fastest", "slowest", "load", "error"));
        b.append(intervals ? "  inside\n" : "\n");
        for (ValidationRow p : r.points()) {
            for (String v : vars) {
                b.append(String.format(Locale.ROOT, "%8s", ProbeRunFormat.number(p.point().getOrDefault(v, Double.NaN))));
            }
            b.append(String.format(Locale.ROOT, "%14.4f", p.predicted().value()));
            if (intervals) {
                b.append(p.predicted().hasInterval() ? String.format(Locale.ROOT, "%22s", String.format(Locale.ROOT,
                        "%.4f .. %.4f", p.predicted().low(), p.predicted().high())) : String.format("%22s", "-"));
            }
            MeasuredPoint m = p.measured();
            b.append(String.format(Locale.ROOT, "%14.4f%10.4f%10.4f%7s%+9.1f%%", m.time(), m.fastest(), m.slowest(),
                    Double.isFinite(m.load()) ? String.format(Locale.ROOT, "%.1f", m.load()) : "-", 100 * p.error()));
            if (intervals) {
                b.append(String.format(Locale.ROOT, "  %s %d/%d", p.inside() ? "yes" : "no ", p.runsInside(),
                        m.runs().size()));
            }
            b.append('\n');
        }
        b.append(String.format(Locale.ROOT, "%d points: median |error| %.1f %%, max |error| %.1f %%%n", r.points().size(),
                100 * r.medianAbsError(), 100 * r.maxAbsError()));
        if (intervals) {
            b.append(String.format(Locale.ROOT, "90 %% intervals from %d resamples of the %d runs fitted: %d of %d measured "
                            + "times inside (%.0f %%), %d of %d runs; median half-width %.1f %% of the prediction%s%n",
                    r.resamples(), r.fittedRuns(), r.inside(), r.points().size(),
                    100.0 * r.inside() / r.points().size(), r.runsInside(), r.runs(), 100 * r.medianHalfWidth(),
                    r.narrow() ? "" : String.format(Locale.ROOT, " (wider than %.0f %%: these intervals do not count)",
                            100 * ValidationResult.NARROW)));
        }
        return b.toString();
    }

    /**
     * The verdict per point: is B faster than A? Both predicted with their intervals, the answer
     * they give, the measured times and what they say; then how often the answer was right.
     */
    public static String verdicts(ValidationResult r, String bName, String aName) {
        StringBuilder b = new StringBuilder("is " + bName + " faster than " + aName
                + "? (answer: from the two predictions' 90 % intervals; measured: the median runs, equal within "
                + Math.round(100 * ValidationResult.MARGIN) + " %)\n");
        List<String> vars = variables(r);
        for (String v : vars) {
            b.append(String.format(Locale.ROOT, "%8s", v));
        }
        b.append(String.format(Locale.ROOT, "%32s%32s  %-34s%12s%12s  %s%n", "B predicted s (90 %)",
                "A predicted s (90 %)", "answer", "B measured", "A measured", "measured"));
        for (ValidationRow p : r.points()) {
            if (p.versus().isEmpty()) {
                continue;
            }
            ValidationRow.Versus v = p.versus().get();
            for (String x : vars) {
                b.append(String.format(Locale.ROOT, "%8s", ProbeRunFormat.number(p.point().getOrDefault(x, Double.NaN))));
            }
            Optional<Verdict> truth = p.truth(ValidationResult.MARGIN);
            b.append(String.format(Locale.ROOT, "%32s%32s  %-34s%12.4f%12s  %s%n", withInterval(p.predicted()),
                    withInterval(v.predicted()), v.answer().text(), p.measured().time(),
                    v.measured().map(a -> String.format(Locale.ROOT, "%.4f", a.time())).orElse("-"),
                    truth.map(t -> (t == Verdict.EQUAL ? "within " + Math.round(100 * ValidationResult.MARGIN) + " %"
                            : t.text() + (t == v.answer() ? "" : "  (answer wrong)"))).orElse("-")));
        }
        long differing = r.differing().size();
        b.append(String.format(Locale.ROOT, "verdict right at %d of %d points where the measured structures differ by more "
                        + "than %d %% (an answer of equal there counts as wrong)%n", r.verdictsRight(), differing,
                Math.round(100 * ValidationResult.MARGIN)));
        return b.toString();
    }

    private static String withInterval(Interval i) {
        return i.hasInterval() ? String.format(Locale.ROOT, "%.4f (%.4f .. %.4f)", i.value(), i.low(), i.high())
                : String.format(Locale.ROOT, "%.4f", i.value());
    }

    /**
     * Per point and category: predicted / measured processor-seconds, and the measured time
     * outside every fragment, p x time - the categories' sum (time the model has no fragment for).
     */
    public static String categories(ValidationResult r) {
        StringBuilder b = new StringBuilder("categories in processor-seconds, predicted / measured "
                + "(outside: p x measured time - the measured categories' sum)\n");
        List<String> vars = variables(r);
        for (String v : vars) {
            b.append(String.format(Locale.ROOT, "%8s", v));
        }
        for (Category c : Validation.CATEGORIES) {
            b.append(String.format(Locale.ROOT, "%20s", c.key()));
        }
        b.append(String.format(Locale.ROOT, "%10s%n", "outside"));
        for (ValidationRow p : r.points()) {
            for (String v : vars) {
                b.append(String.format(Locale.ROOT, "%8s", ProbeRunFormat.number(p.point().getOrDefault(v, Double.NaN))));
            }
            double sum = 0;
            for (Category c : Validation.CATEGORIES) {
                double m = p.measured().category(c.key());
                sum += m;
                b.append(String.format(Locale.ROOT, "%20s", String.format(Locale.ROOT, "%.4f / %.4f",
                        p.categories().getOrDefault(c.key(), 0.0), m)));
            }
            b.append(String.format(Locale.ROOT, "%10.4f%n", p.measured().processors() * p.measured().time() - sum));
        }
        return b.toString();
    }

    /** The variables of the points, in the first point's order. */
    private static List<String> variables(ValidationResult r) {
        return r.points().isEmpty() ? List.of() : new ArrayList<>(r.points().get(0).measured().point().keySet());
    }
}

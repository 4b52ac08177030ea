package lcm.validate;

import lcm.annotation.Category;

import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The text of a {@link Validation}: the table of predicted and measured time, the naive answers,
 * the verdicts and the categories' table (docs/validation.md shows and explains them).
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
                b.append(String.format(Locale.ROOT, "%8s", NumberText.plain(p.point().getOrDefault(v, Double.NaN))));
            }
            b.append(String.format(Locale.ROOT, "%14s", NumberText.fixed(p.predicted().value(), 4)));
            if (intervals) {
                b.append(String.format(Locale.ROOT, "%22s", p.predicted().hasInterval() ? NumberText.fixed(p.predicted().low(), 4)
                        + " .. " + NumberText.fixed(p.predicted().high(), 4) : "-"));
            }
            MeasuredPoint m = p.measured();
            b.append(String.format(Locale.ROOT, "%14s%10s%10s%7s%10s", NumberText.fixed(m.time(), 4),
                    NumberText.fixed(m.fastest(), 4), NumberText.fixed(m.slowest(), 4),
                    Double.isFinite(m.load()) ? NumberText.fixed(m.load(), 1) : "-", NumberText.signedPercent(p.error())));
            if (intervals) {
                b.append(String.format(Locale.ROOT, "  %s %d/%d", p.inside() ? "yes" : "no ", p.runsInside(),
                        m.runs().size()));
            }
            b.append('\n');
        }
        b.append(NumberText.counted(r.points().size(), "point")).append(": median |error| ").append(NumberText.percent(r.medianAbsError()))
                .append(", max |error| ").append(NumberText.percent(r.maxAbsError())).append(System.lineSeparator());
        if (intervals) {
            b.append(sources(r)).append(": ").append(r.inside()).append(" of ").append(r.points().size())
                    .append(" measured times inside (").append(NumberText.fixed(100.0 * r.inside() / r.points().size(), 0))
                    .append(" %), ").append(r.runsInside()).append(" of ").append(r.runs()).append(" runs; median half-width ")
                    .append(NumberText.percent(r.medianHalfWidth())).append(" of the prediction")
                    .append(r.narrow() ? "" : " (wider than " + NumberText.fixed(100 * ValidationResult.NARROW, 0)
                            + " %: these intervals do not count)")
                    .append(System.lineSeparator());
        }
        b.append(naive(r));
        return b.toString();
    }

    /** What the intervals are made of. */
    static String sources(ValidationResult r) {
        if (r.error().isEmpty()) {
            return "90 % intervals from " + r.resamples() + " resamples of the " + r.fittedRuns() + " runs fitted";
        }
        ModelError e = r.error().get();
        String fit = r.resamples() > 0 ? ", the fit's spread over " + r.resamples() + " resamples of the " + r.fittedRuns()
                + " runs fitted" : "";
        return "90 % intervals from the models' error (run-to-run noise " + term(e.noise()) + " a run" + fit
                + ", the measured structure's own error " + term(e.composition())
                + ", extrapolation in p " + term(e.forward()) + " per doubling beyond p = " + NumberText.plain(e.fittedP()) + ")";
    }

    private static String term(double x) {
        return Double.isFinite(x) ? "+-" + NumberText.percent(x) : "unknown";
    }

    /**
     * The naive answers at the same points (with the data the models are fitted on): for each, at
     * how many points A's runs give it, its median and largest |error|, and whether lcm beats it
     * (lcm's median |error| over the same points below the answer's).
     */
    static String naive(ValidationResult r) {
        if (r.naive().isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("naive answers at the same points, from the " + NumberText.counted(r.naive().get().runs(), "run")
                + " of A the fit uses:\n");
        for (BaselineFigures f : r.baselines()) {
            b.append("  ").append(f.baseline().text(f.pmax())).append(": ").append(f.points()).append(" of ")
                    .append(f.of()).append(" points");
            if (f.lcmBeats().isEmpty()) {
                b.append(" (A's runs the fit uses have none at the points it needs): no figure\n");
                continue;
            }
            b.append(", median |error| ").append(NumberText.percent(f.median())).append(", max |error| ")
                    .append(NumberText.percent(f.max())).append("; lcm ").append(NumberText.percent(f.lcmMedian()))
                    .append(f.points() < f.of() ? " on these points" : "")
                    .append(f.lcmBeats().get() ? ": lcm beats it" : ": lcm does not beat it").append('\n');
        }
        return b.toString();
    }

    /**
     * The verdict per point: is B faster than A? Both predicted with their intervals, the answer
     * they give, the measured times and what they say; then how often the answer was right.
     */
    public static String verdicts(ValidationResult r, String bName, String aName) {
        StringBuilder b = new StringBuilder("is " + bName + " faster than " + aName
                + "? (answer: from the paired difference B - A, " + (r.resamples() > 0 ? "equal where its 90 % interval over the "
                + r.resamples() + " resamples contains 0" : "the two predictions as they are") + "; measured: the median runs, equal within "
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
                b.append(String.format(Locale.ROOT, "%8s", NumberText.plain(p.point().getOrDefault(x, Double.NaN))));
            }
            Optional<Verdict> truth = p.truth(ValidationResult.MARGIN);
            b.append(String.format(Locale.ROOT, "%32s%32s  %-34s%12s%12s  %s%n", withInterval(p.predicted()),
                    withInterval(v.predicted()), v.answer().text(), NumberText.fixed(p.measured().time(), 4),
                    v.measured().map(a -> NumberText.fixed(a.time(), 4)).orElse("-"),
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
        String value = NumberText.fixed(i.value(), 4);
        return i.hasInterval() ? value + " (" + NumberText.fixed(i.low(), 4) + " .. " + NumberText.fixed(i.high(), 4) + ")"
                : value;
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
                b.append(String.format(Locale.ROOT, "%8s", NumberText.plain(p.point().getOrDefault(v, Double.NaN))));
            }
            double sum = 0;
            for (Category c : Validation.CATEGORIES) {
                double m = p.measured().category(c.key());
                sum += m;
                b.append(String.format(Locale.ROOT, "%20s", NumberText.fixed(p.categories().getOrDefault(c.key(), 0.0), 4)
                        + " / " + NumberText.fixed(m, 4)));
            }
            b.append(String.format(Locale.ROOT, "%10s%n", NumberText.fixed(p.measured().processors() * p.measured().time() - sum, 4)));
        }
        return b.toString();
    }

    /** The variables of the points, in the first point's order. */
    private static List<String> variables(ValidationResult r) {
        return r.points().isEmpty() ? List.of() : new ArrayList<>(r.points().get(0).measured().point().keySet());
    }
}

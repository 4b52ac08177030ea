package lcm.validate;

import lcm.annotate.AnnotationPlan;
import lcm.expr.Median;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Everything {@code lcm validate} found: the points, the warnings, and, when the models were
 * fitted here, what was fitted (annotate's report) and how many resamples gave an interval.
 *
 * @param points    sorted by p, then by the other variables
 * @param warnings  in the order found, each once
 * @param plans     the models fitted on all the runs used, as annotate would write them: into B's
 *                  sources, then (with a versus structure) into A's; none without data
 * @param fittedRuns the runs the models were fitted on (0 without data)
 * @param resamples the bootstrap resamples whose composition gave a prediction
 * @param failed    resamples whose fit or composition failed (left out of the intervals)
 * @param naive     the naive answers from A's runs the fit uses (none without data)
 * @param error     the models' error the intervals are made of (none without data)
 */
public record ValidationResult(List<ValidationRow> points, List<String> warnings, List<AnnotationPlan> plans, int fittedRuns,
                               int resamples, int failed, Optional<NaiveAnswers> naive, Optional<ModelError> error) {

    /** The margin by which the measured structures must differ for a verdict to count: 10 %. */
    public static final double MARGIN = 0.10;

    /** The widest intervals that count: median half-width at most 15 % of the prediction. */
    public static final double NARROW = 0.15;

    public ValidationResult {
        points = List.copyOf(points);
        warnings = List.copyOf(warnings);
        plans = List.copyOf(plans);
    }

    /** Annotate's report of the models fitted into B's sources, with the fit's notes ("" without data). */
    public String fitted() {
        if (plans.isEmpty()) {
            return "";
        }
        AnnotationPlan b = plans.get(0);
        return b.report() + String.join("", b.notes().stream().map(n -> "note: " + n + "\n").toList());
    }

    /** |error| of every point whose prediction is finite. */
    double[] absErrors() {
        return points.stream().mapToDouble(p -> Math.abs(p.error())).filter(Double::isFinite).toArray();
    }

    public double medianAbsError() {
        return Median.of(absErrors());
    }

    public double maxAbsError() {
        return Arrays.stream(absErrors()).max().orElse(Double.NaN);
    }

    public boolean hasIntervals() {
        return points.stream().anyMatch(p -> p.predicted().hasInterval());
    }

    /** Points whose measured time (median run) lies inside the 90 % interval. */
    public long inside() {
        return points.stream().filter(ValidationRow::inside).count();
    }

    public long runs() {
        return points.stream().mapToLong(p -> p.measured().runs().size()).sum();
    }

    public long runsInside() {
        return points.stream().mapToLong(ValidationRow::runsInside).sum();
    }

    /** The median over the points of the interval's half-width relative to the prediction. */
    public double medianHalfWidth() {
        return Median.of(points.stream().filter(p -> p.predicted().hasInterval())
                .mapToDouble(p -> p.predicted().relativeHalfWidth()).toArray());
    }

    /** Whether the intervals count: their median half-width is at most {@link #NARROW} of the prediction. */
    public boolean narrow() {
        return medianHalfWidth() <= NARROW;
    }

    /** Points where A and B were both measured and differ by more than {@link #MARGIN}. */
    public List<ValidationRow> differing() {
        List<ValidationRow> out = new ArrayList<>();
        for (ValidationRow p : points) {
            Optional<Verdict> t = p.truth(MARGIN);
            if (t.isPresent() && t.get() != Verdict.EQUAL) {
                out.add(p);
            }
        }
        return out;
    }

    /** Of {@link #differing()}, those where the verdict names the faster structure right. */
    public long verdictsRight() {
        return differing().stream().filter(p -> p.versus().orElseThrow().answer() == p.truth(MARGIN).orElseThrow())
                .count();
    }

    /** Each naive answer over the points, in {@link NaiveBaseline} order; none without data. */
    public List<BaselineFigures> baselines() {
        List<BaselineFigures> out = new ArrayList<>();
        naive.ifPresent(n -> {
            for (NaiveBaseline b : NaiveBaseline.values()) {
                out.add(BaselineFigures.of(b, n.pmax(), points));
            }
        });
        return out;
    }

    public boolean hasVersus() {
        return points.stream().anyMatch(p -> p.versus().isPresent());
    }
}

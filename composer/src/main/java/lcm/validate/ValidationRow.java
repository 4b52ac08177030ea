package lcm.validate;

import java.util.Map;
import java.util.Optional;

/**
 * One validated point: B's prediction with its interval against B's measured runs, each
 * category predicted, and (with a versus structure) A's prediction, A's measured runs and the
 * verdict; with the data the models are fitted on, the naive answers A's runs give at the point.
 *
 * @param point      the point (variables and p) as the runs give it
 * @param predicted  B's predicted time and its 90 % interval (seconds)
 * @param measured   B's runs at the point
 * @param categories each category of B predicted at the point (processor-seconds)
 * @param versus     A at the point, when asked for
 * @param naive      each naive answer that A's runs give at the point (seconds); one they do not give is absent
 */
public record ValidationRow(Map<String, Double> point, Interval predicted, MeasuredPoint measured,
                          Map<String, Double> categories, Optional<Versus> versus, Map<NaiveBaseline, Double> naive) {

    public ValidationRow {
        point = Map.copyOf(point);
        categories = Map.copyOf(categories);
        naive = Map.copyOf(naive);
    }

    /**
     * A at the point: its prediction from its own fit, its measured runs (none where A was not
     * measured there), and the verdict the two intervals give.
     */
    public record Versus(Interval predicted, Optional<MeasuredPoint> measured, Verdict answer) {
    }

    /** (predicted - measured) / measured. */
    public double error() {
        return (predicted.value() - measured.time()) / measured.time();
    }

    /** (naive answer - measured) / measured; NaN where A's runs do not give the answer. */
    public double naiveError(NaiveBaseline baseline) {
        Double v = naive.get(baseline);
        return v == null ? Double.NaN : (v - measured.time()) / measured.time();
    }

    /** Whether the point's measured time (the median run) lies inside the interval. */
    public boolean inside() {
        return predicted.contains(measured.time());
    }

    /** How many of the point's runs lie inside the interval. */
    public long runsInside() {
        return measured.runs().stream().filter(r -> predicted.contains(r.time())).count();
    }

    /** What the measured times of B and A say (EQUAL where they differ by at most {@code margin}); empty without A's runs. */
    public Optional<Verdict> truth(double margin) {
        return versus.flatMap(v -> v.measured()).map(a -> Verdict.measured(measured.time(), a.time(), margin));
    }
}

package lcm.validate;

import lcm.expr.Median;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One naive answer over the validated points: at how many of them A's runs give it, its median
 * and largest |error| there, and lcm's median |error| over the same points; lcm beats the answer
 * where its median lies below the answer's.
 *
 * @param baseline  the naive answer
 * @param pmax      the largest p among A's runs the fit uses
 * @param points    the points where A's runs give the answer
 * @param of        the points validated
 * @param median    the answer's median |error| over {@code points} (NaN at none)
 * @param max       its largest |error| (NaN at none)
 * @param lcmMedian lcm's median |error| over the same points (NaN at none)
 */
public record BaselineFigures(NaiveBaseline baseline, double pmax, int points, int of, double median, double max,
                              double lcmMedian) {

    /** The figures of {@code baseline} over the result's points. */
    static BaselineFigures of(NaiveBaseline baseline, double pmax, List<ValidationRow> rows) {
        List<ValidationRow> given = rows.stream().filter(r -> r.naive().containsKey(baseline)).toList();
        double[] errors = given.stream().mapToDouble(r -> Math.abs(r.naiveError(baseline))).toArray();
        double[] lcm = given.stream().mapToDouble(r -> Math.abs(r.error())).filter(Double::isFinite).toArray();
        return new BaselineFigures(baseline, pmax, given.size(), rows.size(), Median.of(errors),
                Arrays.stream(errors).max().orElse(Double.NaN), Median.of(lcm));
    }

    /** Whether lcm's median |error| lies below the answer's; empty where the answer is given at no point. */
    public Optional<Boolean> lcmBeats() {
        return points == 0 ? Optional.empty() : Optional.of(lcmMedian < median);
    }
}

package lcm.validate;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The naive answers ({@link NaiveBaseline}) at B's points, from A's runs that the fit uses and
 * nothing else: A's measured time (the median run) at the same point, and A's time at the same
 * other variables and the largest p of those runs (pmax), times pmax / p. Where A has no runs at
 * the point needed, that answer is absent.
 *
 * @param a A's runs the fit uses, grouped by point
 */
public record NaiveAnswers(List<MeasuredPoint> a) {

    public NaiveAnswers {
        a = List.copyOf(a);
    }

    /** The largest p among A's runs (NaN without runs). */
    public double pmax() {
        return a.stream().mapToDouble(MeasuredPoint::processors).max().orElse(Double.NaN);
    }

    /** The number of A's runs. */
    public int runs() {
        return a.stream().mapToInt(m -> m.runs().size()).sum();
    }

    /** Each answer that A's runs give at {@code point} (variables and p), in seconds. */
    public Map<NaiveBaseline, Double> at(Map<String, Double> point) {
        Map<String, MeasuredPoint> byKey = a.stream().collect(Collectors.toMap(m -> MeasuredPoint.key(m.point()),
                Function.identity(), (x, y) -> x));
        Map<NaiveBaseline, Double> out = new EnumMap<>(NaiveBaseline.class);
        MeasuredPoint same = byKey.get(MeasuredPoint.key(point));
        if (same != null) {
            out.put(NaiveBaseline.SAME_TIME, same.time());
        }
        double pmax = pmax();
        Map<String, Double> atMax = new LinkedHashMap<>(point);
        atMax.put("p", pmax);
        MeasuredPoint largest = byKey.get(MeasuredPoint.key(atMax));
        double p = point.getOrDefault("p", 1.0);
        if (largest != null && p > 0) {
            out.put(NaiveBaseline.PERFECT_SCALING, largest.time() * pmax / p);
        }
        return out;
    }
}

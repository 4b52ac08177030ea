package lcm.validate;

import lcm.expr.Median;
import lcm.probe.MeasuredRuns;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The runs of one structure at one point (the same variables and processors): the point's
 * measured time is their median, the fastest and slowest run its spread.
 *
 * @param point the variables of the runs, p (the run's processors) included
 * @param runs  in file order
 */
public record MeasuredPoint(Map<String, Double> point, List<MeasuredRuns.Run> runs) {

    public MeasuredPoint {
        point = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(point));
        runs = List.copyOf(runs);
    }

    /** The runs grouped by point, in file order of each point's first run. */
    public static List<MeasuredPoint> group(List<MeasuredRuns.Run> runs) {
        Map<String, List<MeasuredRuns.Run>> byPoint = new LinkedHashMap<>();
        for (MeasuredRuns.Run r : runs) {
            byPoint.computeIfAbsent(key(r.point()), k -> new ArrayList<>()).add(r);
        }
        List<MeasuredPoint> out = new ArrayList<>();
        byPoint.values().forEach(same -> out.add(new MeasuredPoint(same.get(0).point(), same)));
        return out;
    }

    /** A key that is equal for equal points whatever the order of their variables. */
    static String key(Map<String, Double> point) {
        return new TreeMap<>(point).toString();
    }

    /** The median of the runs' times: the point's measured time. */
    public double time() {
        return Median.of(runs.stream().mapToDouble(MeasuredRuns.Run::time).toArray());
    }

    public double fastest() {
        return runs.stream().mapToDouble(MeasuredRuns.Run::time).min().orElse(Double.NaN);
    }

    public double slowest() {
        return runs.stream().mapToDouble(MeasuredRuns.Run::time).max().orElse(Double.NaN);
    }

    /** The highest load average the runs' headers recorded (NaN when none did). */
    public double load() {
        return runs.stream().mapToDouble(MeasuredRuns.Run::load).filter(Double::isFinite).max().orElse(Double.NaN);
    }

    /** The runs taken while the machine had more work than processors. */
    public List<MeasuredRuns.Run> loaded() {
        return runs.stream().filter(MeasuredRuns.Run::loaded).toList();
    }

    /** The median over the runs of one category's sum (processor-seconds). */
    public double category(String key) {
        return Median.of(runs.stream().mapToDouble(r -> r.categories().getOrDefault(key, 0.0)).toArray());
    }

    /** The processors of the runs (the point's p). */
    public double processors() {
        return point.getOrDefault("p", 1.0);
    }

}

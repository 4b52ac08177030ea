package lcm.fit;

import lcm.measure.Measurement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Resamples of runs, the unit of measurement (the bootstrap of docs/fitting.md, "Stability"):
 * the runs at each point are drawn with replacement, as many as there were, and a drawn run
 * brings every observation it holds (all its fragments), so that models fitted to one resample
 * belong together in a composed prediction. A run's point is its variables other than the
 * fragment's width; a measurement outside any run is a run of its own at its point. Points keep
 * their number of runs, so a resample never loses a point (the design stays the same; only the
 * noise is drawn again). A run drawn twice is two runs of the resample (each drawn run gets a run
 * number of its own), so a resample has as many runs as the data. The one bootstrap of runs in
 * lcm: fits' stability, annotate's and validate's intervals all draw here.
 */
public final class Resample {

    private Resample() {
    }

    /** The units: per point, its runs, each the list of its observations. */
    private static Map<List<Double>, List<List<Measurement>>> strata(List<Measurement> observations, List<String> variables) {
        Map<Integer, List<Measurement>> byRun = new LinkedHashMap<>();
        List<List<Measurement>> units = new ArrayList<>();
        for (Measurement m : observations) {
            if (m.run() == Measurement.OWN_RUN) {
                units.add(List.of(m));
            } else {
                byRun.computeIfAbsent(m.run(), k -> new ArrayList<>()).add(m);
            }
        }
        units.addAll(byRun.values());
        Map<List<Double>, List<List<Measurement>>> out = new LinkedHashMap<>();
        for (List<Measurement> unit : units) {
            out.computeIfAbsent(point(unit.get(0), variables), k -> new ArrayList<>()).add(unit);
        }
        return out;
    }

    private static List<Double> point(Measurement m, List<String> variables) {
        List<Double> k = new ArrayList<>();
        Double procs = m.values().get("procs");
        for (String v : variables) {
            k.add(v.equals("p") && procs != null ? procs : m.values().getOrDefault(v, Double.NaN));
        }
        return k;
    }

    /**
     * One resample of the runs of a whole data set, for composed predictions: every fragment's
     * observations of a drawn run come with it. A run's point is its processors and its
     * variables other than p.
     */
    public static lcm.measure.MeasurementSet runs(lcm.measure.MeasurementSet data, RandomGenerator random) {
        List<String> variables = new ArrayList<>(data.variables());
        variables.remove("p");
        variables.add(0, "procs");
        return new lcm.measure.MeasurementSet(data.file(), data.format(), runs(data.measurements(), variables, random),
                data.quantities());
    }

    /** Whether some point has two runs or more (else every resample is the data itself). */
    public static boolean resamplable(List<Measurement> observations, List<String> variables) {
        return strata(observations, variables).values().stream().anyMatch(l -> l.size() > 1);
    }

    /** One resample of the runs of {@code observations} (see the class comment). */
    public static List<Measurement> runs(List<Measurement> observations, List<String> variables, RandomGenerator random) {
        List<Measurement> out = new ArrayList<>(observations.size());
        int drawn = 0;
        for (List<List<Measurement>> runs : strata(observations, variables).values()) {
            for (int i = 0; i < runs.size(); i++) {
                List<Measurement> unit = runs.get(random.nextInt(runs.size()));
                if (unit.get(0).run() == Measurement.OWN_RUN) {
                    out.addAll(unit);
                    continue;
                }
                for (Measurement m : unit) {
                    out.add(new Measurement(m.tag(), m.values(), m.at(), drawn));
                }
                drawn++;
            }
        }
        return out;
    }
}

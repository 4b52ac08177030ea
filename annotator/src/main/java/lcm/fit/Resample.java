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

    /** The units: per point, its runs, each the indices of its observations in {@code observations}. */
    private static Map<List<Double>, List<int[]>> strata(List<Measurement> observations, List<String> variables) {
        Map<Integer, List<Integer>> byRun = new LinkedHashMap<>();
        List<int[]> units = new ArrayList<>();
        for (int i = 0; i < observations.size(); i++) {
            Measurement m = observations.get(i);
            if (m.run() == Measurement.OWN_RUN) {
                units.add(new int[] {i});
            } else {
                byRun.computeIfAbsent(m.run(), k -> new ArrayList<>()).add(i);
            }
        }
        byRun.values().forEach(l -> units.add(l.stream().mapToInt(Integer::intValue).toArray()));
        Map<List<Double>, List<int[]>> out = new LinkedHashMap<>();
        for (int[] unit : units) {
            out.computeIfAbsent(point(observations.get(unit[0]), variables), k -> new ArrayList<>()).add(unit);
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
        return new Units(observations, variables).resamplable();
    }

    /** One resample of the runs of {@code observations} (see the class comment). */
    public static List<Measurement> runs(List<Measurement> observations, List<String> variables, RandomGenerator random) {
        return new Units(observations, variables).draw(random);
    }

    /**
     * The runs of some observations grouped by point once, for drawing many resamples of them
     * (each {@link #draw} is {@link Resample#runs} of the observations).
     */
    public static final class Units {

        private final List<Measurement> observations;
        private final List<List<int[]>> strata;

        public Units(List<Measurement> observations, List<String> variables) {
            this.observations = observations;
            this.strata = new ArrayList<>(strata(observations, variables).values());
        }

        /** Whether some point has two runs or more (else every resample is the data itself). */
        public boolean resamplable() {
            return strata.stream().anyMatch(l -> l.size() > 1);
        }

        /** One resample of the runs (see the class comment of {@link Resample}). */
        public List<Measurement> draw(RandomGenerator random) {
            return drawn(random).measurements();
        }

        /** {@link #draw}, with the index in the observations of each drawn measurement. */
        public Draw drawn(RandomGenerator random) {
            List<Measurement> out = new ArrayList<>(observations.size());
            int[] sources = new int[observations.size()];
            int drawn = 0;
            for (List<int[]> runs : strata) {
                for (int i = 0; i < runs.size(); i++) {
                    int[] unit = runs.get(random.nextInt(runs.size()));
                    boolean own = observations.get(unit[0]).run() == Measurement.OWN_RUN;
                    for (int k : unit) {
                        Measurement m = observations.get(k);
                        if (sources.length == out.size()) {
                            sources = java.util.Arrays.copyOf(sources, sources.length * 2 + 1);
                        }
                        sources[out.size()] = k;
                        out.add(own ? m : new Measurement(m.tag(), m.values(), m.at(), drawn));
                    }
                    if (!own) {
                        drawn++;
                    }
                }
            }
            return new Draw(out, java.util.Arrays.copyOf(sources, out.size()));
        }
    }

    /**
     * One resample: its measurements, and per measurement the index of the observation it was
     * drawn from.
     */
    public record Draw(List<Measurement> measurements, int[] sources) {
    }
}

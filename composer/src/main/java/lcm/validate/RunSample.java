package lcm.validate;

import lcm.fit.Resample;
import lcm.measure.Measurement;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.probe.MeasuredRuns;
import lcm.source.SourceRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * A pp file's measurements grouped by the run they belong to (the {@code # run:} header they
 * follow), for choosing runs: the runs a fit uses, and bootstrap resamples of them (drawn by
 * {@link Resample}, the one bootstrap of runs).
 */
public final class RunSample {

    private final MeasurementSet data;
    private final List<MeasuredRuns.Run> runs;
    private final List<List<Measurement>> byRun;

    private RunSample(MeasurementSet data, List<MeasuredRuns.Run> runs, List<List<Measurement>> byRun) {
        this.data = data;
        this.runs = List.copyOf(runs);
        this.byRun = byRun;
    }

    /**
     * The measurements of {@code data} by run ({@link Measurement#run()}: the index of the run's
     * header in the file, {@link MeasuredRuns.Run#index()}); {@code runs} are the same file's runs
     * as {@link MeasuredRuns#read} keeps them, in file order.
     * Measurements outside any run are left out.
     */
    public static RunSample of(MeasurementSet data, List<MeasuredRuns.Run> runs) {
        List<List<Measurement>> byRun = new ArrayList<>();
        Map<Integer, Integer> place = new java.util.HashMap<>();
        for (MeasuredRuns.Run r : runs) {
            place.put(r.index(), byRun.size());
            byRun.add(new ArrayList<>());
        }
        for (Measurement m : data.measurements()) {
            Integer i = place.get(m.run());
            if (i != null) {
                byRun.get(i).add(m);
            }
        }
        return new RunSample(data, runs, byRun);
    }

    /** The observations of a data file and its runs ({@link MeasuredRuns#sampled}). */
    public record Read(MeasurementSet set, MeasuredRuns.Kept runs) {
        /** The observations by run. */
        public RunSample sample() {
            return of(set, runs.runs());
        }
    }

    /**
     * The observations of {@code data} and its runs, a pp file read once for both (the same
     * runs kept by both, {@link lcm.pp.RunReservoir}); a file of another format is read for its
     * observations, and then for its runs (an error: it has no run headers).
     */
    public static Read read(Path data, SourceRegistry sources) {
        MeasuredRuns.Summing runs = MeasuredRuns.summing(data);
        MeasurementSet set = MeasurementFormats.read(data, Optional.empty(), sources, runs);
        return new Read(set, set.format().equals("pp") ? runs.kept() : MeasuredRuns.sampled(data, sources));
    }

    /** Only the runs whose point (variables and p) satisfies {@code keep}. */
    public RunSample select(Predicate<Map<String, Double>> keep) {
        List<MeasuredRuns.Run> r = new ArrayList<>();
        List<List<Measurement>> m = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            if (keep.test(runs.get(i).point())) {
                r.add(runs.get(i));
                m.add(byRun.get(i));
            }
        }
        return new RunSample(data, r, m);
    }

    public List<MeasuredRuns.Run> runs() {
        return runs;
    }

    /** The measurements of every run. */
    public MeasurementSet all() {
        List<Measurement> out = new ArrayList<>();
        byRun.forEach(out::addAll);
        return new MeasurementSet(data.file(), data.format(), out, data.quantities());
    }

    /**
     * One bootstrap resample of the runs ({@link Resample#runs(MeasurementSet,
     * java.util.random.RandomGenerator)}: at each point, as many runs as it has, drawn with
     * replacement).
     */
    public MeasurementSet resample(SplittableRandom random) {
        return Resample.runs(all(), random);
    }

    /** The number of distinct points the runs cover. */
    public int points() {
        return (int) runs.stream().map(r -> MeasuredPoint.key(r.point())).distinct().count();
    }
}

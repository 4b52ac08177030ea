package lcm.campaign;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A measurement campaign as {@code lcm plan} designs it and its file records it
 * (docs/campaigns.md): the variables and their values, the structures with the {@code lcm measure}
 * command template of each, the points, how many runs each, and the order of every run.
 *
 * @param name       the campaign's name (the file's, without {@code .json})
 * @param workdir    the folder the commands run in, relative to the campaign file's folder
 * @param data       the folder of the pp files, relative to the campaign file's folder
 * @param axes       the variables in the order given, p last, with their values
 * @param structures the programs measured, each with its command template
 * @param points     the points of the design, numbered from 1
 * @param runs       runs of each point and structure
 * @param seed       the seed of the run order
 * @param design     how the points were chosen ("full factorial" or "edges")
 * @param tasks      every run in design order: task i is the i-th run
 * @param estimate   what the runs are expected to cost, when the plan had a basis for it
 */
public record Campaign(String name, String workdir, String data, List<Axis> axes, List<Structure> structures,
                       List<DesignPoint> points, int runs, long seed, String design, List<Task> tasks,
                       Optional<Estimate> estimate) {

    public Campaign {
        axes = List.copyOf(axes);
        structures = List.copyOf(structures);
        points = List.copyOf(points);
        tasks = List.copyOf(tasks);
    }

    /** The name of the processor axis. */
    public static final String PROCESSORS = "p";

    /**
     * A variable and the values the design gives it, ascending.
     */
    public record Axis(String name, List<Double> values) {
        public Axis {
            values = List.copyOf(values);
        }

        public boolean isProcessors() {
            return name.equals(PROCESSORS);
        }
    }

    /**
     * A program the campaign measures: its name (the pp file is {@code NAME.pp}) and the
     * {@code lcm measure} command that measures one run, with {@code {VARIABLE}} for each value
     * and {@code {out}} for the file the run's lines go to.
     */
    public record Structure(String name, List<String> command) {
        public Structure {
            command = List.copyOf(command);
        }
    }

    /** A point: its number and the value of every axis, in the axes' order (p last). */
    public record DesignPoint(int id, Map<String, Double> values) {
        public DesignPoint {
            values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
        }

        public int processors() {
            return (int) Math.round(values.getOrDefault(PROCESSORS, 1.0));
        }
    }

    /** One run: task {@code id} (its place in design order, from 0) runs run {@code run} of a point and structure. */
    public record Task(int id, String structure, int point, int run) {
    }

    /**
     * The expected cost: the sum of every run's time, the longest run, and how it was estimated
     * (the basis, and the model of each structure's run time).
     */
    public record Estimate(double seconds, double longestRunSeconds, String basis, Map<String, RunTimeModel> models) {
        public Estimate {
            models = Map.copyOf(models);
        }
    }

    public DesignPoint point(int id) {
        return points.get(id - 1);
    }

    public Structure structure(String name) {
        return structures.stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no structure " + name));
    }

    public Task task(int id) {
        return tasks.get(id);
    }

    /** The plan's estimate of a task's seconds; NaN without an estimate. */
    public double estimatedSeconds(Task t) {
        if (estimate.isEmpty() || !estimate.get().models().containsKey(t.structure())) {
            return Double.NaN;
        }
        return estimate.get().models().get(t.structure()).seconds(point(t.point()).values());
    }

    /** {@code tp at n=128 p=2, run 2}. */
    public String describe(Task t) {
        return t.structure() + " at " + RunMark.point(point(t.point())) + ", run " + t.run();
    }
}

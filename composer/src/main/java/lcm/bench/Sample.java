package lcm.bench;

import lcm.expr.Median;

import java.util.Arrays;

/**
 * The timed runs of one figure: wall and CPU seconds of each run, and the peak heap over all
 * of them. CPU time is the whole process's (every thread, the collector and the JIT included),
 * so it is honest about work done beside the measured thread.
 *
 * @param wall      wall seconds per timed run
 * @param cpu       process CPU seconds per timed run (NaN where the platform cannot tell)
 * @param peakBytes the largest heap use seen during any timed run, garbage not yet collected
 *                  included (0: not measured)
 * @param liveBytes the largest heap use right after a full collection during any timed run, or at
 *                  its end: the objects the work holds at once (0: not measured). A run in a large
 *                  heap may see no full collection until its end; the figure is then what it keeps.
 */
public record Sample(double[] wall, double[] cpu, long peakBytes, long liveBytes) {

    public Sample {
        wall = wall.clone();
        cpu = cpu.clone();
    }

    /** Runs whose live heap was not measured. */
    public Sample(double[] wall, double[] cpu, long peakBytes) {
        this(wall, cpu, peakBytes, 0);
    }

    public int runs() {
        return wall.length;
    }

    public double wallMedian() {
        return Median.of(wall);
    }

    public double cpuMedian() {
        return Median.of(cpu);
    }

    public double wallMin() {
        return Arrays.stream(wall).min().orElse(Double.NaN);
    }

    public double wallMax() {
        return Arrays.stream(wall).max().orElse(Double.NaN);
    }

    /** (max - min) / median of the wall times: how much the runs disagree. */
    public double spread() {
        double m = wallMedian();
        return m > 0 ? (wallMax() - wallMin()) / m : Double.NaN;
    }
}

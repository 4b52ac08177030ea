package lcm.probe.calibration;

import lcm.probe.HostFacts;
import lcm.probe.Pinning;
import lcm.probe.TemporaryFolder;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code lcm machine calibrate} as a library (docs/measure.md, "Calibrating a machine"): what this
 * machine is (processors, caches) and what it costs (the triad's memory bandwidth on 1..P busy
 * processors, each runtime's cost to start and end a parallel loop, and the co-runner's
 * pressure), each measured by a program of its own pinned to the processors it concerns.
 */
public final class Calibration {

    /** The triad's bytes per second with {@code busy} processors sweeping at once. */
    public record Bandwidth(int busy, double bytesPerSecond) {
    }

    /**
     * The co-runner (the triad on every processor but the reference's) and what it does to a
     * one-processor triad: its own bandwidth alone and beside the reference, and the reference's
     * alone and beside it.
     */
    public record Pressure(List<Integer> reference, List<Integer> coRunner, int elements, double alone,
                           double during, double referenceAlone, double referenceBeside) {
        /** How much slower the reference runs beside the co-runner: its time with / without. */
        public double slowdown() {
            return referenceAlone / referenceBeside;
        }
    }

    /**
     * Everything calibration found: when and where, the processors and whether they were pinned,
     * the caches, bandwidths, loop costs per runtime, the co-runner's pressure (or why there is
     * none), the load average before and after, and what it cost (wall and CPU seconds).
     */
    public record Result(Instant at, String host, String cpuModel, Pinning pinning, Caches caches, int triadElements,
                         List<Bandwidth> bandwidth, List<LoopCost.Result> loops, Pressure pressure,
                         String pressureAbsent, List<Double> loadBefore, List<Double> loadAfter, double wall, double cpu,
                         boolean quick) {
        public Result {
            bandwidth = List.copyOf(bandwidth);
            loops = List.copyOf(loops);
        }

        public int processors() {
            return pinning.count();
        }
    }

    /** Seconds per measurement: each w of a loop cost, each busy count, each co-runner run. */
    static final double MEASURE = 1.0;
    static final double MEASURE_QUICK = 0.1;
    /** The delay of one loop iteration: long enough that every thread of the loop takes one. */
    public static final double DELAY = 1e-4;

    private Calibration() {
    }

    /** Calibrates this machine; {@code progress} hears a line before each step. */
    public static Result run(boolean quick, Consumer<String> progress) {
        return run(quick, Pinning.here(), Caches.read(Caches.SYSFS), progress);
    }

    static Result run(boolean quick, Pinning pinning, Caches caches, Consumer<String> progress) {
        long t0 = System.nanoTime();
        double cpu0 = CpuTime.seconds();
        List<Double> before = HostFacts.loadAverage();
        double measure = quick ? MEASURE_QUICK : MEASURE;
        LoopCost.Timing timing = new LoopCost.Timing(DELAY, quick ? 0.1 : 0.5, measure);
        int processors = pinning.count();

        List<Bandwidth> bandwidth = new ArrayList<>();
        for (int busy : LoopCost.threadCounts(processors)) {
            progress.accept("triad on " + busy + " of " + processors + " processors");
            bandwidth.add(new Bandwidth(busy, TriadRun.bandwidth(pinning, pinning.first(busy),
                    caches.triadElements(busy, processors), measure)));
        }
        List<LoopCost.Result> loops = new ArrayList<>();
        progress.accept("Java common pool: loop start and end at w = 1.." + processors);
        loops.add(LoopCost.java(pinning, timing));
        progress.accept("OpenMP: loop start and end at w = 1.." + processors);
        Path work = TemporaryFolder.create("lcm-calibrate");
        try {
            loops.add(LoopCost.openMp(pinning, timing, work));
        } finally {
            TemporaryFolder.delete(work);
        }
        Pressure pressure = null;
        String absent = "";
        if (processors < 2) {
            absent = "not measured: one processor leaves none for a co-runner beside the reference";
        } else {
            progress.accept("co-runner on processors " + Pinning.text(pinning.rest(1)) + ", alone and beside a triad on "
                    + Pinning.text(pinning.first(1)));
            pressure = pressure(pinning, caches, bandwidth.get(0).bytesPerSecond(), measure);
        }
        double wall = (System.nanoTime() - t0) * 1e-9;
        double cpu1 = CpuTime.seconds();
        return new Result(Instant.now().truncatedTo(ChronoUnit.SECONDS), HostFacts.host(), HostFacts.cpuModel(), pinning, caches,
                caches.triadElements(1, processors), bandwidth, loops, pressure, absent, before, HostFacts.loadAverage(), wall,
                cpu0 < 0 || cpu1 < 0 ? -1 : cpu1 - cpu0, quick);
    }

    /**
     * The co-runner's pressure: its bandwidth alone on every processor but the first, then a
     * one-processor triad on the first beside it (the reference's bandwidth alone is
     * {@code referenceAlone}, measured on the same processor).
     */
    static Pressure pressure(Pinning pinning, Caches caches, double referenceAlone, double measure) {
        List<Integer> others = pinning.rest(1);
        return pressure(pinning, others, caches.triadElements(others.size(), pinning.count()),
                caches.triadElements(1, pinning.count()), referenceAlone, measure);
    }

    /**
     * The pressure of a co-runner on {@code others} ({@code coElements} per thread) on a
     * one-processor triad of {@code elements} on the first processor, whose bandwidth alone is
     * {@code referenceAlone} (NaN: measured here first); {@code measure} seconds each.
     */
    public static Pressure pressure(Pinning pinning, List<Integer> others, int coElements, int elements,
                                    double referenceAlone, double measure) {
        double alone = TriadRun.bandwidth(pinning, others, coElements, measure);
        double reference = Double.isNaN(referenceAlone)
                ? TriadRun.bandwidth(pinning, pinning.first(1), elements, measure) : referenceAlone;
        TriadRun.CoRunner co = TriadRun.coRunner(pinning, others, coElements);
        double beside;
        try {
            beside = TriadRun.bandwidth(pinning, pinning.first(1), elements, measure);
        } catch (RuntimeException e) {
            co.kill();
            throw e;
        }
        double during = co.stop();
        return new Pressure(pinning.first(1), others, coElements, alone, during, reference, beside);
    }
}

package lcm.probe;

import lcm.expr.NumberText;
import lcm.pp.PpHeader;
import lcm.probe.calibration.Caches;
import lcm.probe.calibration.Calibration;
import lcm.probe.calibration.TriadRun;
import lcm.source.UserError;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code lcm measure --co-runner} (docs/measure.md, "The co-runner"): the program run a second
 * time beside the co-runner, the memory triad of {@code lcm machine calibrate} on the processors
 * the program does not use, and each fragment's slowdown, its pc beside the co-runner over its pc
 * alone. This is a sensitivity, as in Bubble-Up (J. Mars et al., MICRO 2011): how much a
 * fragment suffers from a neighbour of known pressure, measured without hardware counters.
 */
public final class CoRunnerComparison {

    /** A fragment's pc (processor-seconds over the run) alone and beside the co-runner. */
    public record Slowdown(String tag, double alone, double beside) {
        public double ratio() {
            return beside / alone;
        }
    }

    /** Seconds of each triad run that measures the co-runner's pressure before the second run. */
    static final double PRESSURE_SECONDS = 0.5;

    /**
     * The second run's comparison: the co-runner's processors, its arrays, the bandwidth it
     * moved during the run, its pressure measured just before (alone, and on a one-processor
     * triad: {@link Calibration#pressure}), each fragment's slowdown, and the warnings (not pinned).
     */
    public record Report(List<Integer> cpus, int elements, double bandwidth, Calibration.Pressure pressure,
                         List<Slowdown> fragments, List<String> warnings) {
        public Report {
            fragments = List.copyOf(fragments);
            warnings = List.copyOf(warnings);
        }

        /** The report's lines (a header's comment lines without their {@code # }). */
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            out.add("co-runner: the triad (lcm machine calibrate's) on processor" + (cpus.size() == 1 ? " " : "s ")
                    + Pinning.text(cpus) + ", " + cpus.size() + " thread" + (cpus.size() == 1 ? "" : "s") + " of 3 x "
                    + NumberText.plain(elements * 8.0 / (1 << 20)) + " MiB arrays, moved "
                    + TriadRun.rate(bandwidth) + " bytes/s during a second run of the program; each fragment's "
                    + "slowdown is its pc beside the co-runner over its pc alone (the lines are the run alone)");
            out.add("co-runner: just before, alone it moved " + TriadRun.rate(pressure.alone()) + " bytes/s, and slowed a "
                    + "one-processor triad on processor " + Pinning.text(pressure.reference()) + " by "
                    + NumberText.fixed(pressure.slowdown(), 4) + " (its pressure; " + NumberText.plain(PRESSURE_SECONDS)
                    + " s each); a fragment's pressure is the co-runner's bandwidth alone over its bandwidth during the "
                    + "whole run, " + NumberText.fixed(runPressure(), 4) + ": one figure for every fragment of the run "
                    + "(an approximation: the fragments' own intervals are not used)");
            for (Slowdown s : fragments) {
                out.add(new PpHeader.CoRunner(s.tag(), s.ratio(), pressure.slowdown(), runPressure(), s.beside(), s.alone())
                        .line().substring(2));
            }
            return out;
        }

        /** The co-runner's bandwidth alone over its bandwidth during the second run: the run's pressure on it. */
        public double runPressure() {
            return pressure.alone() / bandwidth;
        }
    }

    private CoRunnerComparison() {
    }

    /**
     * Refuses a run that leaves the co-runner no processor: p of the machine's processors all
     * used by the program.
     */
    public static void check(int p, Pinning pinning) {
        if (p >= pinning.count()) {
            throw UserError.of("--co-runner: p = " + p + " uses all " + pinning.count() + " of this machine's processors; "
                    + "the co-runner runs on the processors the program does not use, and needs at least one (give --vars "
                    + "p=" + (pinning.count() - 1) + " or less)");
        }
    }

    /** Runs {@code request} again beside the co-runner and compares its fragments with {@code alone}. */
    public static Report run(ProbeRun.Request request, ProbeRun.Result alone, Pinning pinning, PrintStream echo) {
        int p = request.processors();
        check(p, pinning);
        List<Integer> cpus = pinning.rest(p);
        List<String> warnings = new ArrayList<>();
        if (!pinning.available()) {
            warnings.add("--co-runner: taskset is not on the PATH, so neither the program nor the co-runner was pinned: "
                    + "the scheduler placed their " + (p + cpus.size()) + " threads, and may have put some on one "
                    + "processor, where they took turns instead of sharing the memory (install util-linux)");
        }
        Caches caches = Caches.read(Caches.SYSFS);
        int elements = caches.triadElements(cpus.size(), pinning.count());
        Calibration.Pressure pressure = Calibration.pressure(pinning, cpus, elements,
                caches.triadElements(1, pinning.count()), Double.NaN, PRESSURE_SECONDS);
        TriadRun.CoRunner co = TriadRun.coRunner(pinning, cpus, elements);
        ProbeRun.Result beside;
        try {
            beside = ProbeRun.run(request, echo);
        } catch (RuntimeException e) {
            co.kill();
            throw e;
        }
        double bandwidth = co.stop();
        List<Slowdown> fragments = new ArrayList<>();
        for (FragmentTotals f : alone.fragments()) {
            FragmentTotals b = beside.fragment(f.tag());
            if (b == null) {
                warnings.add("--co-runner: fragment " + f.tag() + " ran alone but not beside the co-runner: no slowdown");
            } else if (f.pc() > 0) {
                fragments.add(new Slowdown(f.tag(), f.pc(), b.pc()));
            }
        }
        return new Report(cpus, elements, bandwidth, pressure, fragments, warnings);
    }
}

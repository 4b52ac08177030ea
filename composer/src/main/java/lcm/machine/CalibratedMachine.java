package lcm.machine;

import lcm.expr.NumberText;
import lcm.probe.Pinning;
import lcm.probe.calibration.Caches;
import lcm.probe.calibration.Calibration;
import lcm.probe.calibration.LoopCost;
import lcm.probe.calibration.LoopCostFit;
import lcm.probe.calibration.TriadRun;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The machine file {@code lcm machine calibrate} writes (docs/measure.md, "Calibrating a
 * machine"): one key a measured fact ({@link MachineKey}), each after comments that give what was
 * measured, how, the values behind a fitted expression and the fit's residual; a fact that could
 * not be measured is a comment that says why. {@link MachineDescriptionReader} reads it back.
 */
public final class CalibratedMachine {

    /** The 1-minute load average from which a machine counts as busy: figures taken then are labelled "under load". */
    public static final double QUIET_LOAD = 1.5;

    private CalibratedMachine() {
    }

    public static String text(Calibration.Result r) {
        StringBuilder b = new StringBuilder();
        b.append("# lcm machine calibrate").append(r.quick() ? " --quick" : "").append(", ").append(r.at())
                .append(", on ").append(r.host()).append(" (").append(r.cpuModel()).append("; processors ")
                .append(Pinning.text(r.pinning().processors())).append(")\n");
        b.append("# load average ").append(loads(r.loadBefore())).append(" before, ").append(loads(r.loadAfter()))
                .append(" after: ").append(r.loadBefore().isEmpty() ? "not known whether other work shared the processors"
                        : quiet(r) ? "quiet" : "under load (load average "
                        + NumberText.plain(Math.max(first(r.loadBefore()), first(r.loadAfter())))
                        + "): other work shared the processors, and the figures below include its effect").append('\n');
        b.append("# took ").append(NumberText.fixed(r.wall(), 1)).append(" s wall")
                .append(r.cpu() >= 0 ? ", " + NumberText.fixed(r.cpu(), 1) + " s CPU (lcm and the programs it ran)" : "")
                .append("; each measurement ").append(r.quick() ? "0.1 s (--quick)" : "1 s").append('\n');
        if (!r.pinning().available()) {
            b.append("# not pinned: taskset is not on the PATH; each benchmark's threads ran where the scheduler put them\n");
        }
        key(b, MachineKey.PROCESSORS, NumberText.plain(r.processors()));
        caches(b, r.caches());
        bandwidth(b, r);
        for (LoopCost.Result loop : r.loops()) {
            loop(b, loop.runtime().startsWith("Java") ? MachineKey.LOOP_JAVA : MachineKey.LOOP_OPENMP, loop);
        }
        pressure(b, r);
        return b.toString();
    }

    private static void caches(StringBuilder b, Caches caches) {
        b.append("\n# caches of processor 0 (").append(Caches.SYSFS).append("/index*)");
        if (caches.caches().isEmpty()) {
            b.append(": none read: ").append(caches.why()).append('\n');
            return;
        }
        b.append('\n');
        for (Caches.Cache c : caches.caches()) {
            Optional<MachineKey> key = MachineKey.of("cache-" + c.word());
            String about = "level " + c.level() + " " + c.type().toLowerCase(java.util.Locale.ROOT) + ", "
                    + (c.sharedBy().size() <= 1 ? "a processor's own" : "shared by processors " + Pinning.text(c.sharedBy()));
            if (key.isPresent()) {
                b.append("# ").append(about).append('\n');
                key(b, key.get(), NumberText.plain(c.bytes()));
            } else {
                b.append("# ").append(about).append(": ").append(c.bytes()).append(" bytes (no key for it)\n");
            }
        }
    }

    private static void bandwidth(StringBuilder b, Calibration.Result r) {
        List<Calibration.Bandwidth> bw = r.bandwidth();
        double one = bw.get(0).bytesPerSecond();
        double most = bw.stream().mapToDouble(Calibration.Bandwidth::bytesPerSecond).max().orElse(one);
        b.append("\n# memory bandwidth: a triad a(i) = b(i) + s*c(i) on busy processors at once, one thread each with "
                + "arrays of its own (together 4 times the last-level cache), 24 bytes an element; bytes per second:\n");
        double worst = 0;
        for (Calibration.Bandwidth x : bw) {
            double model = Math.min(one * x.busy(), most);
            worst = Math.max(worst, Math.abs(model - x.bytesPerSecond()) / x.bytesPerSecond());
            b.append("#   busy = ").append(x.busy()).append(": ").append(rate(x.bytesPerSecond())).append('\n');
        }
        b.append("# min(one processor's times busy, the most measured): largest difference to a measured value ")
                .append(NumberText.percent(worst)).append('\n');
        key(b, MachineKey.MEMORY_BANDWIDTH, "min(" + rate(one) + "*busy, " + rate(most) + ")");
    }

    private static void loop(StringBuilder b, MachineKey key, LoopCost.Result loop) {
        b.append("\n# loop start and end, ").append(loop.runtime());
        if (!loop.absent().isEmpty()) {
            b.append(": ").append(loop.absent()).append('\n');
            b.append("# ").append(key.word()).append(": not given\n");
            return;
        }
        b.append(":\n# a loop of w iterations of a ").append(NumberText.plain(1e6 * Calibration.DELAY))
                .append(" us spin each, less one iteration run serially (medians of ")
                .append(loop.samples().get(0).reps()).append(" of each), in seconds:\n");
        for (LoopCost.Sample s : loop.samples()) {
            b.append("#   w = ").append(s.w()).append(": cost ").append(NumberText.plain(s.cost())).append(" s (loop ")
                    .append(NumberText.plain(s.loop())).append(" s, serial ").append(NumberText.plain(s.serial()))
                    .append(" s)\n");
        }
        LoopCostFit f = loop.fit();
        b.append("# fit a*(w-1) + b*(w-1)^2 by least squares, a, b >= 0: a = ").append(NumberText.plain(f.a()))
                .append(", b = ").append(NumberText.plain(f.b()))
                .append(f.note().isEmpty() ? "" : " (" + f.note() + ")")
                .append("; largest residual ").append(NumberText.plain(f.residual())).append(" s\n");
        key(b, key, expression(f));
    }

    /** The fitted cost as an expression in w: its terms whose coefficient is not 0. */
    static String expression(LoopCostFit f) {
        String a = f.a() > 0 ? NumberText.plain(f.a()) + "*(w-1)" : "";
        String sq = f.b() > 0 ? NumberText.plain(f.b()) + "*(w-1)^2" : "";
        return a.isEmpty() && sq.isEmpty() ? "0" : a.isEmpty() ? sq : sq.isEmpty() ? a : a + " + " + sq;
    }

    private static void pressure(StringBuilder b, Calibration.Result r) {
        b.append("\n# co-runner (lcm measure --co-runner): the triad on the processors a program does not use");
        Calibration.Pressure p = r.pressure();
        if (p == null) {
            b.append(": ").append(r.pressureAbsent()).append('\n');
            b.append("# co-runner-bandwidth, co-runner-pressure: not given\n");
            return;
        }
        b.append(";\n# here on processors ").append(Pinning.text(p.coRunner())).append(" beside a one-processor triad on ")
                .append(Pinning.text(p.reference())).append(", bytes per second:\n");
        b.append("#   co-runner alone ").append(rate(p.alone())).append(", beside the reference ")
                .append(rate(p.during())).append('\n');
        b.append("#   reference alone ").append(rate(p.referenceAlone())).append(", beside the co-runner ")
                .append(rate(p.referenceBeside())).append(": ")
                .append(NumberText.signedPercent(p.slowdown() - 1)).append(" time\n");
        key(b, MachineKey.CO_RUNNER_BANDWIDTH, rate(p.alone()));
        key(b, MachineKey.CO_RUNNER_PRESSURE, NumberText.plain(p.slowdown()));
    }

    /** Bytes per second as the file writes them ({@link TriadRun#rate}). */
    static String rate(double bytesPerSecond) {
        return TriadRun.rate(bytesPerSecond);
    }

    private static void key(StringBuilder b, MachineKey key, String value) {
        b.append(key.word()).append(" = ").append(value).append('\n');
    }

    private static boolean quiet(Calibration.Result r) {
        return first(r.loadBefore()) < QUIET_LOAD && first(r.loadAfter()) < QUIET_LOAD;
    }

    private static double first(List<Double> load) {
        return load.isEmpty() ? Double.NaN : load.get(0);
    }

    private static String loads(List<Double> load) {
        return load.isEmpty() ? "unknown" : load.stream().map(NumberText::plain).collect(Collectors.joining(" "));
    }
}

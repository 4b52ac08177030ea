package lcm.probe;

import lcm.frontend.ParsedProgram;
import lcm.source.UserError;

import java.util.Comparator;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a program under the probe that fits it ({@link ProgramProbe}: {@link JavaProbe} when the
 * command is {@code java}, otherwise {@link OpenMpProbe}, the OMPT tool with the program on LLVM's
 * libomp; docs/measure.md) and accounts the lost cycles of each fragment execution. The program runs on p processors (taskset, and
 * OMP_NUM_THREADS or -XX:ActiveProcessorCount), the first p of
 * this process's processors ({@link Pinning}). Its output is passed to {@code echo}. The
 * executions are summed per fragment as the events are replayed ({@link FragmentTotals}), and
 * each is also handed to a consumer (per-execution lines); {@link PpLines} writes them.
 */
public final class ProbeRun {

    /**
     * What to run: the command, its processor count, the fragments of its sources, the fragment
     * whose first execution starts the measured region (null: the first fragment to run), and
     * each fragment's width (by tag; a tag without one takes its parent fragment's, or p).
     */
    public record Request(List<String> command, int processors, FragmentSites sites, String from,
                          Map<String, Double> widths, Build build) {
        public Request {
            command = List.copyOf(command);
            widths = Map.copyOf(widths);
        }

        public Request(List<String> command, int processors, FragmentSites sites, String from,
                       Map<String, Double> widths) {
            this(command, processors, sites, from, widths, null);
        }

        public Request(List<String> command, int processors, FragmentSites sites, String from) {
            this(command, processors, sites, from, Map.of());
        }

        public Request(List<String> command, int processors, FragmentSites sites) {
            this(command, processors, sites, null, Map.of());
        }
    }

    /**
     * An OpenMP program measured in an instrumented copy (docs/measure.md, "OpenMP"): the user's
     * build command (its words) and the program whose fragments get probes.
     */
    public record Build(List<String> command, ParsedProgram program) {
        public Build {
            command = List.copyOf(command);
        }

        /** The words of a build command line (quotes as a shell reads them, nothing expanded). */
        public static List<String> words(String line) {
            return InstrumentedBuild.words(line);
        }
    }

    /**
     * A finished run: each fragment's totals (in the order they first ran), what was measured
     * outside them, the command's wall time, what the header says about it, and the warnings.
     */
    public record Result(List<FragmentTotals> fragments, LostCycles.Totals totals, int processors, double wall,
                         String runtime, String method, List<String> warnings, double cpu) {

        public Result {
            fragments = List.copyOf(fragments);
            warnings = List.copyOf(warnings);
        }

        /** The program's time as the probe saw it: from the first fragment's start to the last one's end. */
        public double span() {
            return totals.time();
        }

        public FragmentTotals fragment(String tag) {
            return fragments.stream().filter(f -> f.tag().equals(tag)).findFirst().orElse(null);
        }

        /** The categories of all fragments plus the time outside them, over p x the run's time. */
        public double conservation() {
            double pt = processors * span();
            return pt > 0 ? (categories() + totals.outsideBusy() + totals.outsideIdle()) / pt : 1;
        }

        public double categories() {
            return fragments.stream().mapToDouble(FragmentTotals::total).sum();
        }
    }

    private ProbeRun() {
    }

    public static Result run(Request r, PrintStream echo) {
        return run(r, echo, c -> { });
    }

    /** Runs the request; {@code each} hears every measured execution as it ends. */
    public static Result run(Request r, PrintStream echo, Consumer<FragmentCost> each) {
        if (r.sites().isEmpty()) {
            throw UserError.of("no fragments found in the sources: nothing to measure (see lcm dag; "
                    + "give the program's sources with --source)");
        }
        if (r.from() != null && r.sites().sites().stream().noneMatch(s -> s.tag().equals(r.from()))) {
            throw UserError.of("--from " + r.from() + ": no fragment of that name in the sources (fragments: "
                    + String.join(", ", r.sites().sites().stream().map(FragmentSites.Site::tag).toList()) + ")");
        }
        Path work = TemporaryFolder.create("lcm-measure");
        try {
            return runIn(work, r, echo, each);
        } finally {
            TemporaryFolder.delete(work);
        }
    }

    private static Result runIn(Path work, Request r, PrintStream echo, Consumer<FragmentCost> each) {
        Path events = work.resolve("events.txt");
        List<String> cmd = new ArrayList<>();
        Pinning pinning = Pinning.here();
        if (r.processors() < pinning.count()) {
            cmd.addAll(pinning.prefix(pinning.first(r.processors())));
        }
        ProgramProbe probe = ProgramProbe.of(r, work, events);
        ProgramProbe.Launch launch = probe.prepare();
        cmd.addAll(launch.command());
        List<String> warnings = new ArrayList<>(launch.warnings());
        String method = launch.method();
        long t0 = System.nanoTime();
        int status = execute(cmd, launch.environment(), echo);
        double wall = (System.nanoTime() - t0) * 1e-9;
        if (status != 0) {
            String how = status > 128 ? "was killed by signal " + (status - 128) : "exited with status " + status;
            throw UserError.of(String.join(" ", r.command()) + " " + how + "; no pp lines written");
        }
        if (!Files.exists(events)) {
            throw UserError.of(String.join(" ", r.command()) + ": the probe recorded nothing" + probe.nothingRecorded()
                    + "; no pp lines written");
        }
        ProbeEvents ev = ProbeEvents.read(events);
        Map<Integer, String> siteTags = probe.tags(ev, warnings);
        // Java: the measured region is the program's main; executions before it (a warm-up in a
        // static initializer, class initialization) are not part of the run
        long mainBegin = Long.parseLong(ev.header().getOrDefault("main-ns", "0"));
        Map<String, FragmentTotals> byTag = new HashMap<>();
        LostCycles sweep = new LostCycles(new LostCycles.Setup(r.processors(), siteTags::get,
                tag -> r.widths().getOrDefault(tag, Double.NaN), mainBegin, r.from()), c -> {
                    byTag.computeIfAbsent(c.tag(), t -> new FragmentTotals(t, c.width(), c.start())).add(c);
                    each.accept(c);
                });
        probe.replay(ev, sweep);
        LostCycles.Totals totals = sweep.finish();
        if (r.from() != null && !totals.fromSeen()) {
            throw UserError.of(String.join(" ", r.command()) + " ran, but fragment " + r.from() + " (--from) never "
                    + "executed; no pp lines written");
        }
        if (r.from() != null) {
            method += "; measured from the first execution of " + r.from() + " (" + totals.beforeFrom()
                    + " fragment executions before it, a warm-up, not measured)";
        }
        if (totals.beforeRegion() > 0) {
            method += "; measured from main's start (" + totals.beforeRegion() + " fragment executions before it, "
                    + "in class initialization, not measured)";
        }
        if (totals.measured() == 0) {
            throw UserError.of(String.join(" ", r.command()) + " ran, but " + probe.noneMeasured(ev)
                    + "; no pp lines written");
        }
        List<FragmentTotals> fragments = new ArrayList<>(byTag.values());
        fragments.sort(Comparator.comparingDouble(FragmentTotals::firstStart));
        double cpu = Double.parseDouble(ev.header().getOrDefault("cpu-ns", "-1")) * 1e-9;
        warnings.addAll(RunChecks.warnings(fragments, totals, r.processors(), r.sites()));
        return new Result(fragments, totals, r.processors(), wall, launch.runtime(), method, warnings, cpu);
    }

    private static int execute(List<String> cmd, Map<String, String> env, PrintStream echo) {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.INHERIT);
        try {
            Process p = pb.start();
            Thread out = pump(p.getInputStream(), echo);
            Thread err = pump(p.getErrorStream(), echo);
            int status = p.waitFor();
            out.join();
            err.join();
            return status;
        } catch (IOException e) {
            throw UserError.of("cannot run " + cmd.get(cmd.indexOf("-c") >= 0 && cmd.get(0).equals("taskset") ? 3 : 0)
                    + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted; no pp lines written");
        }
    }

    private static Thread pump(InputStream in, OutputStream to) {
        Thread t = new Thread(() -> {
            try {
                in.transferTo(to);
                to.flush();
            } catch (IOException ignored) {
                // the program's output is a courtesy; its loss does not change the measurement
            }
        }, "lcm-measure-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}

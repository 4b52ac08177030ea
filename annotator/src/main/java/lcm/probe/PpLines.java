package lcm.probe;

import lcm.expr.NumberText;
import lcm.source.UserError;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The pp lines and header lcm measure writes (docs/measure.md, "Lines"): by default one line per
 * fragment per run,
 * {@code tag=T VARS procs=P width=W execs=N pc= li= ip= sl= wall= pc_med= li_med= ip_med= sl_med= wall_med=}
 * (sums over the run's executions and medians per execution, processor-seconds over the
 * fragment's width); with --per-execution one line per execution (the same keys without
 * {@code execs} and the medians).
 */
public final class PpLines {

    private PpLines() {
    }

    /**
     * Runs the probe and writes the run's lines into {@code lines}: per execution as each ends
     * (with {@code perExecution}), else one per fragment at the end.
     */
    public static ProbeRun.Result record(ProbeRun.Request request, Map<String, String> vars, boolean perExecution,
                                         Path lines, PrintStream echo) {
        int procs = request.processors();
        try (Writer w = Files.newBufferedWriter(lines)) {
            Consumer<FragmentCost> each = !perExecution ? c -> { } : c -> {
                try {
                    w.write(execution(c, vars, procs));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
            ProbeRun.Result result = ProbeRun.run(request, echo, each);
            if (!perExecution) {
                for (FragmentTotals f : result.fragments()) {
                    w.write(aggregate(f, vars, procs));
                }
            }
            return result;
        } catch (IOException | UncheckedIOException e) {
            throw UserError.of("cannot write the lines to a temporary file: " + e.getMessage());
        }
    }

    /** One fragment's line for the run. */
    public static String aggregate(FragmentTotals f, Map<String, String> vars, int processors) {
        StringBuilder b = start(f.tag(), vars, processors, f.width());
        b.append(" execs=").append(f.execs());
        categories(b, "", f.pc(), f.li(), f.ip(), f.sl(), f.wall());
        double[] m = f.medians();
        categories(b, "_med", m[0], m[1], m[2], m[3], m[4]);
        return b.append('\n').toString();
    }

    /** One execution's line. */
    public static String execution(FragmentCost c, Map<String, String> vars, int processors) {
        StringBuilder b = start(c.tag(), vars, processors, c.width());
        categories(b, "", c.pc(), c.li(), c.ip(), c.sl(), c.wall());
        return b.append('\n').toString();
    }

    private static StringBuilder start(String tag, Map<String, String> vars, int processors, double width) {
        StringBuilder b = new StringBuilder(160);
        b.append("tag=").append(tag);
        vars.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
        b.append(" procs=").append(processors).append(" width=").append(NumberText.plain(width));
        return b;
    }

    private static void categories(StringBuilder b, String suffix, double pc, double li, double ip, double sl, double wall) {
        b.append(" pc").append(suffix).append('=').append(ProbeRun.num(pc))
                .append(" li").append(suffix).append('=').append(ProbeRun.num(li))
                .append(" ip").append(suffix).append('=').append(ProbeRun.num(ip))
                .append(" sl").append(suffix).append('=').append(ProbeRun.num(sl))
                .append(" wall").append(suffix).append('=').append(ProbeRun.num(wall));
    }

    /** The header comment of a run: machine, run, conservation, method, and the run's warnings. */
    public static String header(ProbeRun.Result res, List<String> command, Map<String, String> vars, List<String> warnings,
                                boolean perExecution) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "?";
        }
        StringBuilder b = new StringBuilder();
        b.append("# lcm measure ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS))
                .append(": ").append(String.join(" ", command)).append('\n');
        b.append("# machine: ").append(host).append(", ").append(cpuModel()).append(", ")
                .append(Runtime.getRuntime().availableProcessors()).append(" processors, ")
                .append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.version"))
                .append(loadAverage()).append('\n');
        b.append("# run: p = ").append(res.processors()).append(" processors; ")
                .append("time ").append(NumberText.fixed(res.span(), 6))
                .append(" s (first fragment's start to last fragment's end); command ")
                .append(NumberText.fixed(res.wall(), 3)).append(" s");
        vars.forEach((k, v) -> b.append("; ").append(k).append(" = ").append(v));
        b.append('\n');
        b.append("# runtime: ").append(res.runtime()).append('\n');
        double busy = res.fragments().stream().mapToDouble(FragmentTotals::pc).sum();
        b.append("# check: busy time in the fragments ").append(NumberText.fixed(busy, 4)).append(" s");
        if (res.cpu() >= 0) {
            b.append("; process CPU time ").append(NumberText.fixed(res.cpu(), 4))
                    .append(" s (all threads: JIT, GC and code outside the fragments too)");
        }
        b.append('\n');
        LostCycles.Totals t = res.totals();
        double pt = res.processors() * res.span();
        b.append("# conservation: fragments ").append(NumberText.fixed(res.categories(), 4))
                .append(" + outside ").append(NumberText.fixed(t.outsideBusy() + t.outsideIdle(), 4))
                .append(" (threads busy in no fragment ").append(NumberText.fixed(t.outsideBusy(), 4))
                .append(", processors in no fragment's width ").append(NumberText.fixed(t.outsideIdle(), 4))
                .append(") = ").append(NumberText.fixed(res.categories() + t.outsideBusy() + t.outsideIdle(), 4))
                .append(" processor-s; p x time = ").append(NumberText.fixed(pt, 4)).append("; ")
                .append(NumberText.percent(res.conservation()))
                .append(Math.abs(res.conservation() - 1) <= RunChecks.TOLERANCE ? " (within 2 %)" : " (NOT within 2 %)")
                .append(System.lineSeparator());
        b.append("# method: ").append(res.method()).append('\n');
        b.append(perExecution ? "# lines: one per execution: pc li ip sl in processor-seconds over the fragment's width "
                + "(width=: the processors composition gives it; procs=: the run's p), wall its wall time"
                : "# lines: one per fragment and run: execs executions; pc li ip sl their sums in processor-seconds over "
                + "the fragment's width (width=: the processors composition gives it; procs=: the run's p), wall their "
                + "wall time, *_med the median per execution");
        b.append("; cl and rc absent: no hardware counters read\n");
        for (String w : warnings) {
            b.append("# warning: ").append(w).append('\n');
        }
        return b.toString();
    }

    /** The load averages after the run (other work shares the processors), or nothing where not known. */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return "; load average " + f[0] + " " + f[1] + " " + f[2] + " (1, 5, 15 min, after the run)";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
        return System.getProperty("os.arch");
    }
}

package lcm.probe;

import lcm.expr.NumberText;
import lcm.pp.PpHeader;
import lcm.pp.PpLineCodec;
import lcm.source.UserError;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
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
 * {@code execs} and the medians). Both end with the spread of the threads' busy times where the
 * probe named the threads: {@code thr= tmean= tsd=} (per execution its own; per run the mean
 * threads and mean busy time over the executions and the pooled standard deviation).
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
        PpLineCodec.Writer w = start(f.tag(), vars, processors, f.width()).whole("execs", f.execs());
        categories(w, "", f.pc(), f.li(), f.ip(), f.sl(), f.wall());
        double[] m = f.medians();
        categories(w, "_med", m[0], m[1], m[2], m[3], m[4]);
        if (f.spread().known()) {
            w.spread(f.threadsPerExecution(), f.spread().mean(), f.spread().sd());
        }
        return w.end();
    }


    /** One execution's line. */
    public static String execution(FragmentCost c, Map<String, String> vars, int processors) {
        PpLineCodec.Writer w = start(c.tag(), vars, processors, c.width());
        categories(w, "", c.pc(), c.li(), c.ip(), c.sl(), c.wall());
        if (c.spread().known()) {
            w.spread(c.spread().threads(), c.spread().mean(), c.spread().sd());
        }
        return w.end();
    }

    private static PpLineCodec.Writer start(String tag, Map<String, String> vars, int processors, double width) {
        PpLineCodec.Writer w = PpLineCodec.line(tag);
        vars.forEach(w::text);
        return w.whole("procs", processors).number("width", width);
    }

    private static void categories(PpLineCodec.Writer w, String suffix, double pc, double li, double ip, double sl,
                                   double wall) {
        w.seconds("pc" + suffix, pc).seconds("li" + suffix, li).seconds("ip" + suffix, ip).seconds("sl" + suffix, sl)
                .seconds("wall" + suffix, wall);
    }

    /** The header comment of a run: machine, run, conservation, method, and the run's warnings. */
    public static String header(ProbeRun.Result res, List<String> command, Map<String, String> vars, List<String> warnings,
                                boolean perExecution) {
        String host = HostFacts.host();
        StringBuilder b = new StringBuilder();
        b.append("# lcm measure ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS))
                .append(": ").append(String.join(" ", command)).append('\n');
        b.append(new PpHeader.Machine(host, HostFacts.cpuModel(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"), HostFacts.loadAverage()).line()).append('\n');
        b.append(new PpHeader.Run(res.processors(), res.span(), res.wall(), vars).line()).append('\n');
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
                + "wall time, *_med the median per execution, thr tmean the means per execution of the threads that worked "
                + "and of their mean busy time, tsd the pooled standard deviation of their busy times");
        b.append("; cl and rc absent: no hardware counters read\n");
        for (String w : warnings) {
            b.append("# warning: ").append(w).append('\n');
        }
        return b.toString();
    }
}

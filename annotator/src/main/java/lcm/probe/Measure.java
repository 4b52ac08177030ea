package lcm.probe;

import lcm.dag.Execution;
import lcm.expr.NumberText;
import lcm.expr.Processors;
import lcm.fortran.FortranOptions;
import lcm.frontend.ParsedProgram;
import lcm.source.Diagnostic;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import lcm.values.Point;
import lcm.width.FragmentWidths;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code lcm measure} as a library, one call from what was asked to the lines written
 * (docs/measure.md): the run's processors (refusing more than the machine has unless asked),
 * the fragments of the sources, each fragment's width by the width rule ({@link FragmentWidths},
 * composition's own), the run under its probe ({@link PpLines}, {@link ProbeRun}), and the lines
 * with their header on standard output and appended to the pp file.
 */
public final class Measure {

    /**
     * What {@code lcm measure} was asked.
     *
     * @param command       the program and its arguments
     * @param vars          {@code --vars}: the variables written into every line; {@code p} the run's
     *                      processors (default: all of this machine's); null: none
     * @param sources       {@code --source} files and folders (none: the command's .java files)
     * @param registry      where the sources are read (and their diagnostics placed)
     * @param fortran       how Fortran sources are read
     * @param build         {@code --build}: the command that builds an instrumented OpenMP program; null: none
     * @param from          {@code --from}: the fragment whose first execution starts the measured region; null: none
     * @param perExecution  one line per execution instead of one per fragment
     * @param oversubscribe run with a p above this machine's processors
     * @param coRunner      run the program a second time beside the co-runner on the processors it does not
     *                      use, and report each fragment's slowdown ({@link CoRunnerComparison})
     * @param out           the pp file the lines and their header are appended to; null: standard output only
     */
    public record Request(List<String> command, Point vars, List<Path> sources, SourceRegistry registry,
                          FortranOptions fortran, String build, String from, boolean perExecution,
                          boolean oversubscribe, boolean coRunner, Path out) {
        public Request {
            command = List.copyOf(command);
            vars = vars == null ? new Point("", Map.of()) : vars;
            sources = List.copyOf(sources);
        }
    }

    private Measure() {
    }

    /**
     * Measures the run: the lines go to {@code out}, the program's output, the warnings
     * ({@code lcm measure: warning: ...}) and the count of lines appended to {@code err}, the
     * sources' warnings to {@code readingWarnings}. Bad input, a failed run or a run in which no
     * fragment ran is a {@link UserError}, raised before any line is written.
     */
    public static void run(Request r, PrintStream out, PrintStream err, Consumer<List<Diagnostic>> readingWarnings) {
        Map<String, String> variables = lineVariables(r.vars());
        List<String> notes = new ArrayList<>();
        int p = processors(r.vars(), r.oversubscribe(), notes);
        Pinning pinning = Pinning.here();
        if (r.coRunner()) {
            CoRunnerComparison.check(p, pinning);
        }
        if (r.out() != null) {
            PpAppend.checkWritable(r.out());
        }
        ParsedProgram program = MeasuredSources.program(r.sources(), r.command(), r.registry(), r.fortran(),
                readingWarnings);
        FragmentSites sites = FragmentSites.of(program);
        ProbeRun.Build instrumented = r.build() == null ? null
                : new ProbeRun.Build(ProbeRun.Build.words(r.build()), program);
        Map<String, Double> point = new LinkedHashMap<>(r.vars().values());
        point.remove(Processors.NAME);
        point.put(Processors.NAME, (double) p);
        Map<String, Double> widths = SiteWidths.of(sites, FragmentWidths.at(program.dag(), point),
                at -> program.fragmentExecution().apply(at) == Execution.SERIAL, notes);
        Path lines;
        try {
            lines = Files.createTempFile("lcm-measure", ".pp");
        } catch (IOException e) {
            throw UserError.of("cannot create a temporary file: " + e.getMessage());
        }
        try {
            ProbeRun.Request request = new ProbeRun.Request(r.command(), p, sites, r.from(), widths, instrumented);
            ProbeRun.Result result = PpLines.record(request, variables, r.perExecution(), lines, err);
            List<String> warnings = new ArrayList<>(notes);
            warnings.addAll(result.warnings());
            CoRunnerComparison.Report co = r.coRunner() ? CoRunnerComparison.run(request, result, pinning, err) : null;
            if (co != null) {
                warnings.addAll(co.warnings());
            }
            for (String w : warnings) {
                err.println("lcm measure: warning: " + w);
            }
            StringBuilder coLines = new StringBuilder();
            if (co != null) {
                for (String line : co.lines()) {
                    err.println("lcm measure: " + line);
                    coLines.append("# ").append(line).append('\n');
                }
            }
            if (r.out() != null) {
                long count = r.perExecution() ? result.fragments().stream().mapToLong(FragmentTotals::execs).sum()
                        : result.fragments().size();
                PpAppend.append(r.out(), PpLines.header(result, r.command(), variables, warnings, r.perExecution())
                        + coLines, lines);
                err.println("lcm measure: " + NumberText.counted(count, "line") + " appended to " + r.out());
            }
            try {
                Files.copy(lines, out);
            } catch (IOException e) {
                throw UserError.of("cannot read back the lines: " + e.getMessage());
            }
            out.flush();
        } finally {
            try {
                Files.deleteIfExists(lines);
            } catch (IOException ignored) {
                // a temporary file left behind
            }
        }
    }

    /**
     * The variables every line carries, in the order given, p left out (the lines' {@code procs}):
     * each value as the shortest decimal that reads back as it ({@code n=256}, {@code n=2^10} as
     * {@code n=1024}). p must be a whole number; {@code tag} and {@code t} name the fragment.
     */
    static Map<String, String> lineVariables(Point vars) {
        Map<String, String> out = new LinkedHashMap<>();
        vars.values().forEach((k, v) -> {
            String text = NumberText.exact(BigDecimal.valueOf(v));
            if (k.equals(Processors.NAME)) {
                if (v != Math.rint(v)) {
                    throw UserError.of("--vars: p must be a whole number of processors, not '" + text + "'");
                }
            } else if (k.equals("tag") || k.equals("t")) {
                throw UserError.of("--vars: '" + k + "' is the fragment's tag, not a variable");
            } else {
                out.put(k, text);
            }
        });
        return out;
    }

    /**
     * The run's processors: {@code p} of the variables, else all of this machine's. More than the
     * machine has would be time-sliced: refused, or with {@code oversubscribe} run with a note
     * (into {@code notes}) that the header and standard error carry.
     */
    static int processors(Point vars, boolean oversubscribe, List<String> notes) {
        int available = Runtime.getRuntime().availableProcessors();
        Double given = vars.values().get(Processors.NAME);
        int p = given == null ? available : (int) Math.min(Integer.MAX_VALUE, given);
        if (p > available) {
            if (!oversubscribe) {
                throw UserError.of("--vars p=" + p + ": this machine has " + available + " processor"
                        + (available == 1 ? "" : "s") + "; " + p + " threads on them would be time-sliced, and the run "
                        + "would measure that, not " + p + " processors (give --oversubscribe to run it anyway; its "
                        + "header then says so)");
            }
            notes.add("oversubscribed (--oversubscribe): p = " + p + " threads on this machine's " + available
                    + " processors; they were time-sliced, so the categories count " + p + " processors of which "
                    + (p - available) + " were not there (busy time includes threads waiting for a processor)");
        }
        return p;
    }
}

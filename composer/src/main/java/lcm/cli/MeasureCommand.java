package lcm.cli;

import lcm.dag.Execution;
import lcm.frontend.ParsedProgram;
import lcm.width.FragmentWidths;
import lcm.probe.FragmentSites;
import lcm.probe.FragmentTotals;
import lcm.probe.MeasuredSources;
import lcm.probe.PpAppend;
import lcm.probe.PpLines;
import lcm.probe.ProbeRun;
import lcm.probe.SiteWidths;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcm measure [--vars ...] [--out F] [--source S...] -- COMMAND...}: lost cycles of a real run (docs/measure.md). */
@Command(name = "measure", mixinStandardHelpOptions = true,
        description = {"Run COMMAND under a probe and write one pp line per fragment (tag, the --vars, procs, "
                + "width, execs, the sums of pc, li, ip, sl over its executions in processor-seconds over its width, "
                + "and their medians per execution), with a header saying what produced them and whether the "
                + "categories add up. Java programs run with lcm's Java agent, "
                + "OpenMP programs (gfortran, gcc, clang binaries with -g) on LLVM's libomp with lcm's OMPT tool. "
                + "See docs/measure.md."})
public final class MeasureCommand implements Callable<Integer> {

    @ParentCommand
    private LcmCommand root;

    @Option(names = "--vars", paramLabel = "k=v,...",
            description = "Variables of this run, written into every line, e.g. n=256. p=N runs on N processors "
                    + "(default: all).")
    private String vars;

    @Option(names = "--out", paramLabel = "FILE", description = "Append the lines (and a header) to this pp file "
            + "(atomically); without it they go to standard output.")
    private Path out;

    @Option(names = "--source", arity = "1..*", paramLabel = "DIR|FILE",
            description = "The program's sources (folders are searched for .java, .f, .f90, ...): lcm dag's fragments "
                    + "are what is measured. Default: the .java files on the command line.")
    private List<Path> sources = new ArrayList<>();

    @Mixin
    private SourceReadingOptions reading;

    @Option(names = "--build", paramLabel = "COMMAND",
            description = "OpenMP: the command that compiles and links the program (one string, e.g. "
                    + "'gfortran -g -O2 -fopenmp -o prog prog.f90'). lcm builds an instrumented copy of the sources with it "
                    + "(its -o put in a temporary folder) and runs that in place of the program, so that serial code and "
                    + "loops inside parallel regions are measured too. Without it only parallel regions are seen.")
    private String build;

    @Option(names = "--from", paramLabel = "TAG",
            description = "Measure from the first execution of fragment TAG on: executions before it (a warm-up of the "
                    + "JIT or the caches the program does first) are not written and not in the run's time.")
    private String from;

    @Option(names = "--per-execution", description = "One line per execution of each fragment instead of one "
            + "per fragment and run (the same keys without execs and the medians).")
    private boolean perExecution;

    @Option(names = "--oversubscribe", description = "Run with a p above this machine's processors (refused "
            + "without it): the threads are time-sliced, and the header says so.")
    private boolean oversubscribe;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The program and its arguments (after --).")
    private List<String> command;

    @Override
    public Integer call() {
        Map<String, String> variables = parseVars(vars, "--vars");
        int available = Runtime.getRuntime().availableProcessors();
        int p = available;
        if (variables.containsKey("p")) {
            p = Integer.parseInt(variables.remove("p"));
        }
        List<String> notes = new ArrayList<>();
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
        if (out != null) {
            PpAppend.checkWritable(out);
        }
        ParsedProgram program = MeasuredSources.program(sources, command, root.sources(), reading.fortran(), root::warn);
        FragmentSites sites = FragmentSites.of(program);
        ProbeRun.Build instrumented = build == null ? null : new ProbeRun.Build(ProbeRun.Build.words(build), program);
        Map<String, Double> point = new LinkedHashMap<>();
        variables.forEach((k, v) -> point.put(k, Double.parseDouble(v)));
        point.put("p", (double) p);
        Map<String, Double> widths = SiteWidths.of(sites, FragmentWidths.at(program.dag(), point),
                at -> program.fragmentExecution().apply(at) == Execution.SERIAL, notes);
        Path lines;
        try {
            lines = Files.createTempFile("lcm-measure", ".pp");
        } catch (IOException e) {
            throw UserError.of("cannot create a temporary file: " + e.getMessage());
        }
        try {
            ProbeRun.Result result = PpLines.record(new ProbeRun.Request(command, p, sites, from, widths, instrumented),
                    variables, perExecution, lines, root.err());
            List<String> warnings = new ArrayList<>(notes);
            warnings.addAll(result.warnings());
            for (String w : warnings) {
                root.err().println("lcm measure: warning: " + w);
            }
            if (out != null) {
                long count = perExecution ? result.fragments().stream().mapToLong(FragmentTotals::execs).sum()
                        : result.fragments().size();
                PpAppend.append(out, PpLines.header(result, command, variables, warnings, perExecution), lines);
                root.err().println("lcm measure: " + count + " lines appended to " + out);
            }
            try {
                Files.copy(lines, root.out());
            } catch (IOException e) {
                throw UserError.of("cannot read back the lines: " + e.getMessage());
            }
            root.out().flush();
            return ExitCode.OK;
        } finally {
            try {
                Files.deleteIfExists(lines);
            } catch (IOException ignored) {
                // a temporary file left behind
            }
        }
    }

    /** k=v,k=v: numbers only; keeps the order given. */
    static Map<String, String> parseVars(String text, String option) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String kv : text.split(",")) {
            int eq = kv.indexOf('=');
            String k = eq < 0 ? "" : kv.substring(0, eq).strip();
            String v = eq < 0 ? "" : kv.substring(eq + 1).strip();
            if (!k.matches("[A-Za-z_][A-Za-z_0-9]*") || v.isEmpty()) {
                throw UserError.of(option + ": expected name=number, got '" + kv + "'");
            }
            try {
                Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw UserError.of(option + ": " + k + " = '" + v + "' is not a number");
            }
            if (k.equals("p") && !v.matches("[1-9][0-9]*")) {
                throw UserError.of(option + ": p must be a whole number of processors, not '" + v + "'");
            }
            if (k.equals("tag") || k.equals("t")) {
                throw UserError.of(option + ": '" + k + "' is the fragment's tag, not a variable");
            }
            out.put(k, v);
        }
        return out;
    }
}

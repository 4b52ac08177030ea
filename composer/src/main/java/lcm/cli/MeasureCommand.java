package lcm.cli;

import lcm.probe.FragmentSites;
import lcm.probe.MeasuredSources;
import lcm.probe.PpAppend;
import lcm.probe.ProbeRun;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcm measure [--vars ...] [--out F] [--source S...] -- COMMAND...}: lost cycles of a real run (docs/measure.md). */
@Command(name = "measure", mixinStandardHelpOptions = true,
        description = {"Run COMMAND under a probe and write one pp line per execution of each fragment "
                + "(tag, the --vars, p, pc, li, ip, sl; processor-seconds summed over processors), "
                + "with a header saying what produced them. Java programs run with lcm's Java agent, "
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

    @Option(names = "--from", paramLabel = "TAG",
            description = "Measure from the first execution of fragment TAG on: executions before it (a warm-up of the "
                    + "JIT or the caches the program does first) are not written and not in the run's time.")
    private String from;

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
        if (out != null) {
            PpAppend.checkWritable(out);
        }
        FragmentSites sites = MeasuredSources.sites(sources, command, root.sources(), reading.fortran(), root::warn);
        ProbeRun.Result result = ProbeRun.run(new ProbeRun.Request(command, p, sites, from), root.err());
        for (String w : result.warnings()) {
            root.err().println("lcm measure: warning: " + w);
        }
        String text = ProbeRun.lines(result.costs(), variables);
        if (out != null) {
            PpAppend.append(out, ProbeRun.header(result, command, p, variables) + text);
            root.err().println("lcm measure: " + result.costs().size() + " lines appended to " + out);
        }
        root.out().print(text);
        return ExitCode.OK;
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

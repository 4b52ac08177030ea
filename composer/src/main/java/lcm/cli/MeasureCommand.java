package lcm.cli;

import lcm.probe.Measure;
import lcm.values.Point;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    @Option(names = "--vars", paramLabel = "k=v,...", converter = Converters.Vars.class,
            description = "Variables of this run, written into every line, e.g. n=256. p=N runs on N processors "
                    + "(default: all).")
    private Point vars;

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

    @Option(names = "--co-runner", description = "Run the program a second time beside the co-runner (the memory "
            + "triad of lcm machine calibrate) on the processors it does not use (taskset), and report each fragment's "
            + "slowdown, its pc beside the co-runner over its pc alone, on standard error and in the header, with the "
            + "co-runner's pressure (measured just before) and the run's pressure on it (lcm annotate writes their "
            + "medians as contention: lines). The lines are the run alone. Needs p below this machine's processors.")
    private boolean coRunner;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The program and its arguments (after --).")
    private List<String> command;

    @Override
    public Integer call() {
        Measure.run(new Measure.Request(command, vars, sources, root.sources(), reading.fortran(), build, from,
                perExecution, oversubscribe, coRunner, out), root.out(), root.err(), root::warn);
        return ExitCode.OK;
    }
}

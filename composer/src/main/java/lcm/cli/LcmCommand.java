package lcm.cli;

import lcm.source.Diagnostic;
import lcm.source.DiagnosticRenderer;
import lcm.source.SourceRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The root command: {@code lcm <command> ...}. Holds what every subcommand shares. */
@Command(name = "lcm",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "lcm, the lost cycles modeler: predicts how a parallel program's running time changes "
                + "when its parallel structure changes.")
public final class LcmCommand implements Runnable {

    /**
     * Every subcommand, in the order {@code lcm --help} lists them. {@link Cli} registers all of
     * them only when the arguments name none (help, version, a typo); a run of one command
     * builds only that command's options (docs/bench.md#start-up).
     */
    static final List<Class<?>> COMMANDS = List.of(
            DagCommand.class,
            FitCommand.class,
            AnnotateCommand.class,
            ComposeCommand.class,
            ExploreCommand.class,
            CompareCommand.class,
            CriticalPathCommand.class,
            ProfileCommand.class,
            PhasesCommand.class,
            SkeletonCommand.class,
            BenchCommand.class,
            DemoCommand.class,
            MeasureCommand.class,
            MachineCommand.class,
            PlanCommand.class,
            CampaignCommand.class,
            ValidateCommand.class);

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Show stack traces of errors.")
    private boolean debug;

    private final PrintStream out;
    private final PrintStream err;
    private final SourceRegistry sources = new SourceRegistry();
    /** What this run has warned about, so that each warning is printed once. */
    private final Set<String> printed = new HashSet<>();

    LcmCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(out);
    }

    public PrintStream out() {
        return out;
    }

    public PrintStream err() {
        return err;
    }

    public boolean debug() {
        return debug;
    }

    /** Every source text read in this run, for rendering diagnostics with their lines. */
    public SourceRegistry sources() {
        return sources;
    }

    /** Warns that an option was given by its old name (docs/cli.md#renamed-options). */
    public void renamed(String old, String now) {
        err.println("lcm: warning: " + old + " is now " + now + "; the old name goes in the next release");
    }

    /**
     * Prints warnings (with source line and caret) to stderr, each once per run: a source read
     * twice in one run (compare A A, a measured-in program, annotate's check) warns once.
     */
    public void warn(List<Diagnostic> warnings) {
        List<Diagnostic> fresh = warnings.stream().filter(w -> printed.add(w.placed())).toList();
        if (!fresh.isEmpty()) {
            err.print(new DiagnosticRenderer(sources).render(fresh));
        }
    }

    /**
     * Prints one warning of a result ({@code lcm: warning: TEXT}) to stderr, unless this run
     * printed it already (also as a located warning above: composition lists the front end's
     * warnings as {@code file:line:col: message}).
     */
    public void warn(String text) {
        if (printed.add(text)) {
            err.println("lcm: warning: " + text);
        }
    }
}

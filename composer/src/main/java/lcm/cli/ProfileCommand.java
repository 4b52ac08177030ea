package lcm.cli;

import lcm.phases.PhaseReport;
import lcm.phases.Profile;
import lcm.phases.ProfilePlot;
import lcm.phases.Timeline;
import lcm.phases.TimelineReader;
import lcm.source.UserError;
import lcm.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code lcm profile TRACE [--plot OUT.png] [--bins N] [--format text|json]}: the execution
 * profile of a trace (busy processors over time, processors lost per category); docs/phases.md.
 */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Execution profile of a trace: busy processors over time, and processors lost per category "
                + "(receive, wait, Paraver state) where the trace has them. See docs/phases.md.",
                "TRACE: .sync, .mpt, .prv (Paraver) or .json (Chrome trace-event JSON)."})
public final class ProfileCommand implements Callable<Integer>, FormatOption.Holder {

    private final FormatOption format = FormatOption.of("text or json.", Format.json);

    @ParentCommand
    private LcmCommand lcm;

    @Parameters(paramLabel = "TRACE", description = "The trace.")
    private Path trace;

    @Option(names = "--plot", paramLabel = "OUT.png", description = "Draw the profile (PNG).")
    private Path plot;

    @Option(names = "--bins", defaultValue = "500", paramLabel = "N",
            description = "Samples of the profile, equal bins from the trace's start to its end (default ${DEFAULT-VALUE}).")
    private int bins;

    @Override
    public Integer call() {
        if (bins < 1) {
            throw UserError.of("--bins " + bins + ": need at least 1 bin");
        }
        Timeline tl = TimelineReader.read(trace, lcm.sources());
        lcm.warn(tl.warnings());
        Profile p = Profile.of(tl, bins);
        if (plot != null) {
            ProfilePlot.write(plot, "execution profile of " + trace.getFileName(), p, null, null);
        }
        lcm.out().print(format.is(Format.json) ? PhaseReport.json(PhaseReport.profileJson(tl, p, tl.warnings()))
                : PhaseReport.profileText(tl, p) + (plot != null ? "plot: " + plot + "\n" : ""));
        lcm.out().flush();
        return ExitCode.OK;
    }

    @Override
    public FormatOption format() {
        return format;
    }
}

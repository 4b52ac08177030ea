package lcm.cli;

import lcm.phases.ExecutionSignature;
import lcm.phases.PhaseAnalysis;
import lcm.phases.PhaseFinder;
import lcm.phases.PhaseReport;
import lcm.phases.ProfilePlot;
import lcm.phases.Smoothing;
import lcm.phases.Timeline;
import lcm.phases.TimelineReader;
import lcm.source.Diagnostic;
import lcm.source.UserError;
import lcm.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code lcm phases TRACE... [--smooth SPEC] [--bins N] [--penalty X] [--min-phase N]
 * [--boundaries T,...] [--plot OUT.png] [--predict P] [--format text|json]}: Carlson's phases
 * of the execution profile, PAS2P's repeated phases and prediction, and execution signatures
 * across runs on several processor counts; docs/phases.md.
 */
@Command(name = "phases", mixinStandardHelpOptions = true,
        description = {"Phases of traces: stationary and transitional phases of the execution profile (mean and "
                + "variance of busy processors), and for message-passing traces the logical trace, its repeated "
                + "phases with weights and the run time predicted from them. Several traces of one program on "
                + "different numbers of processors: per-phase execution signatures, extrapolated with --predict. "
                + "See docs/phases.md."})
public final class PhasesCommand implements Callable<Integer>, FormatOption.Holder {


    @ParentCommand
    private LcmCommand lcm;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Traces (.sync, .mpt, .prv, .json); several: "
            + "runs of one program on different numbers of processors.")
    private List<Path> traces;

    @Option(names = "--smooth", defaultValue = "moving:5:1", paramLabel = "SPEC",
            description = "Smoothing: moving:K[:DEGREE] (least-squares polynomial over 2K+1 samples), round:STEP, "
                    + "piecewise:PIECES, none; chain with + (default ${DEFAULT-VALUE}).")
    private String smooth;

    @Option(names = "--bins", defaultValue = "500", paramLabel = "N", description = "Profile samples (default ${DEFAULT-VALUE}).")
    private int bins;

    @Option(names = "--penalty", defaultValue = "4", paramLabel = "X",
            description = "Cost of one more phase, in units of noise variance x ln(samples) (default ${DEFAULT-VALUE}); "
                    + "larger: fewer phases.")
    private double penalty;

    @Option(names = "--min-phase", defaultValue = "11", paramLabel = "N",
            description = "Phases shorter than N samples are transitional (default ${DEFAULT-VALUE}).")
    private int minPhase;

    @Option(names = "--boundaries", split = ",", paramLabel = "T",
            description = "Phase boundaries in seconds from the trace's start, instead of finding them.")
    private List<Double> boundaries = new ArrayList<>();

    @Option(names = "--plot", paramLabel = "OUT.png", description = "Draw the (first) trace's profile with its phase boundaries.")
    private Path plot;

    @Option(names = "--predict", paramLabel = "P", description = "With several traces: predict each phase's time on P processors.")
    private Double predict;

    private final FormatOption format = FormatOption.of("text or json.", Format.json);

    @Override
    public FormatOption format() {
        return format;
    }

    @Override
    public Integer call() {
        if (bins < 2) {
            throw UserError.of("--bins " + bins + ": need at least 2 bins");
        }
        if (!(penalty > 0)) {
            throw UserError.of("--penalty " + penalty + ": must be positive");
        }
        if (predict != null && !(predict > 0)) {
            throw UserError.of("--predict " + predict + ": a number of processors must be positive");
        }
        PhaseAnalysis.Settings settings = new PhaseAnalysis.Settings(bins, Smoothing.parse(smooth), penalty,
                Math.max(1, minPhase), boundaries);
        List<PhaseAnalysis> analyses = new ArrayList<>();
        List<Diagnostic> warnings = new ArrayList<>();
        for (Path t : traces) {
            Timeline tl = TimelineReader.read(t, lcm.sources());
            PhaseAnalysis a = PhaseAnalysis.of(tl, settings);
            analyses.add(a);
            warnings.addAll(a.warnings());
        }
        List<PhaseReport.SignatureRow> signatures = ExecutionSignature.perPhase(analyses,
                predict == null ? Double.NaN : predict, warnings);
        if (predict != null && analyses.size() < 2) {
            throw UserError.of("--predict needs traces of at least two runs (on different numbers of processors)");
        }
        lcm.warn(warnings);
        if (plot != null) {
            PhaseAnalysis a = analyses.get(0);
            ProfilePlot.write(plot, "phases of " + Path.of(a.timeline().source()).getFileName(), a.profile(), a.smoothed(), a.phases());
        }
        if (format.is(Format.json)) {
            lcm.out().print(PhaseReport.json(PhaseReport.phasesJson(analyses, settings, signatures, warnings)));
        } else {
            for (PhaseAnalysis a : analyses) {
                lcm.out().print(PhaseReport.phasesText(a, settings));
            }
            lcm.out().print(PhaseReport.signaturesText(signatures));
            if (plot != null) {
                lcm.out().println("plot: " + plot);
            }
        }
        lcm.out().flush();
        return ExitCode.OK;
    }
}

package lcm.cli;

import lcm.compose.ComposeOptions;
import lcm.measure.Extraction;
import lcm.source.SourceText;
import lcm.report.Format;
import lcm.validate.Validation;
import lcm.validate.ValidationJson;
import lcm.validate.ValidationPlot;
import lcm.validate.ValidationRequest;
import lcm.validate.ValidationResult;
import lcm.validate.ValidationReport;
import lcm.values.Point;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code lcm validate FILE... --measured B.pp}: the composed model of the program FILE... (its
 * fragment models measured in another structure, {@code measured-in:}) against the runs lcm
 * measure recorded of it (lcm.validate does the work; docs/validation.md).
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Compare the model lcm composes for FILE... with the runs of that program recorded by "
                + "lcm measure in the pp file given by --measured: predicted and measured time per point (n, p, ...), "
                + "the spread and load of the runs, relative error, median and maximum |error|. With --data (the runs "
                + "the models are fitted on), a 90 %% interval per point from the models' error on those runs and the naive "
                + "answers from the same runs (B takes A's time; perfect scaling from A's largest p) with whether lcm "
                + "beats them; with --versus, the verdict: is FILE... faster than the measured structure? See "
                + "docs/validation.md."})
public final class ValidateCommand implements Callable<Integer>, FormatOption.Holder {

    private static final Path FIT_ON_ARG = Path.of("<--fit-on>");
    private static final Path WHERE_ARG = Path.of("<--where>");

    @ParentCommand
    private LcmCommand root;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Sources of the program whose time is predicted.")
    private List<Path> files;

    @Mixin
    private SourceReadingOptions reading;

    @Mixin
    private CompositionOptions composition;

    @Option(names = "--measured", required = true, paramLabel = "PP",
            description = "pp file written by lcm measure for runs of this program (its run headers give the points "
                    + "and the measured times).")
    private Path measured;

    @Option(names = "--where", paramLabel = "EXPR", description = "Validate only the runs of --measured whose point "
            + "satisfies EXPR, e.g. p>=8 (p, or procs, is the run's processors).")
    private String where;

    @Option(names = "--data", paramLabel = "PP", description = "The runs the models are fitted on (the measured "
            + "structure, a pp file written by lcm measure): the models are fitted here as lcm annotate fits them and "
            + "replace those in FILE..., and each prediction gets a 90 %% interval from the models' error on these runs (their noise, the measured "
            + "structure's own error, the error of extrapolating in p).")
    private Path data;

    @Option(names = "--fit-on", paramLabel = "EXPR", description = "Fit only the runs of --data whose point satisfies "
            + "EXPR, e.g. p<=4.")
    private String fitOn;

    @Option(names = "--versus", arity = "1..*", paramLabel = "FILE", description = "Sources of the measured "
            + "structure (with --data): composed from the same fits, for the verdict at every point: is FILE... "
            + "faster than it?")
    private List<Path> versus = new ArrayList<>();

    @Option(names = "--resamples", defaultValue = "" + ValidationRequest.RESAMPLES, paramLabel = "N",
            description = "Bootstrap resamples of the fitted runs, in the place of the intervals' noise term (default "
                    + "${DEFAULT-VALUE}: none; each resample is a fit and a composition).")
    private int resamples;

    @Option(names = "--seed", defaultValue = "" + ValidationRequest.SEED, paramLabel = "S",
            description = "Seed of the resampling (default ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--models", description = "With --data: also print the models fitted on all the runs used.")
    private boolean models;

    @Option(names = "--plot", paramLabel = "PNG", description = "Write predicted and measured time against n, "
            + "one line per p, to this PNG file.")
    private Path plot;

    @Option(names = "--vars", paramLabel = "k=v,...", converter = Converters.Vars.class,
            description = "Values of model variables the runs do not give (e.g. itors=16), for every point.")
    private Point vars;

    @Option(names = "--categories", description = "Also print, per point, each category predicted and measured "
            + "(processor-seconds summed over the fragments; measured: median over the runs) and the measured time "
            + "outside every fragment (p x time - their sum): which category a missed prediction comes from.")
    private boolean categories;

    private final FormatOption format = FormatOption.of("text or json (the keys in docs/validation.md).", Format.json);

    @Override
    public FormatOption format() {
        return format;
    }

    @Mixin
    private FormsOption forms;

    @Option(names = "--x", defaultValue = "n", paramLabel = "VAR", description = "The plot's x variable (default n).")
    private String x;

    @Override
    public Integer call() throws Exception {
        if (data == null && (!versus.isEmpty() || fitOn != null)) {
            throw lcm.source.UserError.of((versus.isEmpty() ? "--fit-on" : "--versus") + " needs --data (the runs the "
                    + "models are fitted on)");
        }
        if (resamples < 0) {
            throw lcm.source.UserError.of("--resamples " + resamples + ": a count of resamples is 0 or more");
        }
        if (data == null && forms.given()) {
            throw lcm.source.UserError.of("--forms needs --data (the runs the models are fitted on)");
        }
        lcm.fit.CandidateTable table = forms.table(root.sources());
        ComposeOptions options = composition.options(Duration.ZERO, false, root.sources());
        ValidationRequest request = new ValidationRequest(files, measured, extraction(where, WHERE_ARG),
                Optional.ofNullable(data), extraction(fitOn, FIT_ON_ARG), versus,
                vars == null ? Map.of() : vars.values(), options, reading.fortran(), data == null ? 0 : resamples, seed);
        ValidationResult result = Progress.step(root.err(), Progress.terminal(),
                data == null ? "validating" : resamples > 0 ? "fitting and resampling" : "fitting", () -> new Validation(root.sources(), table)
                        .fittedNotes(models && !format.is(Format.json)).run(request));
        result.warnings().forEach(root::warn);
        if (format.is(Format.json)) {
            root.out().print(ValidationJson.of(result));
            writePlot(result);
            return ExitCode.OK;
        }
        if (models && !result.fitted().isEmpty()) {
            root.out().print(result.fitted());
        }
        root.out().print(ValidationReport.table(result));
        if (result.hasVersus()) {
            root.out().print(ValidationReport.verdicts(result, name(files), name(versus)));
        }
        if (categories) {
            root.out().print(ValidationReport.categories(result));
        }
        writePlot(result);
        return ExitCode.OK;
    }

    private void writePlot(ValidationResult result) {
        if (plot != null) {
            ValidationPlot.write(result, x, plot);
            root.err().println("lcm validate: plot written to " + plot);
        }
    }

    private Extraction extraction(String text, Path origin) {
        if (text == null || text.isBlank()) {
            return Extraction.all();
        }
        root.sources().register(SourceText.of(origin, text));
        return Extraction.parse(text, origin);
    }

    private static String name(List<Path> files) {
        return files.get(0).getFileName().toString();
    }
}

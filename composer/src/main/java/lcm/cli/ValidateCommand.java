package lcm.cli;

import lcm.compose.ComposedModel;
import lcm.pipeline.Pipeline;
import lcm.probe.MeasuredRuns;
import lcm.source.Diagnostics;
import lcm.validate.Validation;
import lcm.validate.ValidationPlot;
import lcm.validate.ValidationReport;
import lcm.values.Point;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code lcm validate FILE... --measured B.pp}: the composed model of the program FILE... (its
 * fragment models measured in another structure, {@code measured-in:}) against the runs lcm
 * measure recorded of it (lcm.validate; docs/validation.md).
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Compare the model lcm composes for FILE... with the runs of that program recorded by "
                + "lcm measure in the pp file given by --measured: predicted and measured time per point (n, p, ...), "
                + "relative error, median and maximum |error|. See docs/validation.md."})
public final class ValidateCommand implements Callable<Integer> {

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

    @Option(names = "--x", defaultValue = "n", paramLabel = "VAR", description = "The plot's x variable (default n).")
    private String x;

    @Override
    public Integer call() {
        List<MeasuredRuns.Run> runs = MeasuredRuns.read(measured);
        Diagnostics diagnostics = new Diagnostics();
        ComposedModel model = new Pipeline(root.sources(), reading.fortran())
                .compose(files, composition.options(Duration.ZERO, false, root.sources()), diagnostics);
        root.warn(diagnostics.warnings());
        Validation validation = Validation.of(model, runs, measured, files.get(0),
                vars == null ? Map.of() : vars.values(), categories, x);
        validation.warnings().forEach(w -> root.err().println("lcm: warning: " + w));
        root.out().print(ValidationReport.table(validation.rows()));
        if (categories) {
            root.out().print(ValidationReport.categoryTable(validation.rows()));
        }
        if (plot != null) {
            ValidationPlot.write(validation.rows(), x, plot);
            root.err().println("lcm validate: plot written to " + plot);
        }
        return ExitCode.OK;
    }
}

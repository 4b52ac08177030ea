package lcm.cli;

import lcm.fit.CandidateForm;
import lcm.fit.CandidateTable;
import lcm.fit.FitJson;
import lcm.fit.FitPlot;
import lcm.fit.FitBatch;
import lcm.fit.FitRequest;
import lcm.fit.FitResult;
import lcm.fit.Stability;
import lcm.fit.FitSelection;
import lcm.fit.FitText;
import lcm.fit.LiFromCauses;
import lcm.fit.Formulas;
import lcm.fit.GnuplotFiles;
import lcm.fit.ModelFitter;
import lcm.fit.Prediction;
import lcm.fit.PredictionPoints;
import lcm.measure.CoRunnerMedians;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.SourceText;
import lcm.source.UserError;
import lcm.values.Point;
import lcm.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Files;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code lcm fit}: the thesis' lca (docs/fitting.md, docs/cli.md): fit candidate forms to measurements and rank them. */
@Command(name = "fit", mixinStandardHelpOptions = true,
        description = {"Fit the candidate forms of a category to measurements and rank them, best first (the thesis' lca).",
                "Example: lcm fit -c li -v p -f runfast.pp -x d=32 \"p^2\"",
                "Without -c and -v (lcm fit FILE): every fragment, quantity and variable in one table."})
public final class FitCommand implements Callable<Integer>, FormatOption.Holder {


    @ParentCommand
    private LcmCommand lcm;

    @Option(names = {"-c", "--category"}, paramLabel = "CAT",
            description = "The category to model: pc (or rt), li, ip, sl, cl, rc; or any other measured quantity "
                    + "in the data (tt, an Extra-P METRIC), which gets the pc forms.")
    private String category;

    @Option(names = {"-v", "--variable"}, paramLabel = "VARS",
            description = "The variable, or several separated by blanks (\"n p\") for a multi-variable fit.")
    private String variables;

    @Option(names = {"-f", "--data"}, paramLabel = "DATA",
            description = "Measurements: pp lines, CSV with a header, Extra-P text or Extra-P JSON.")
    private Path file;

    @Option(names = "--file", hidden = true, paramLabel = "DATA", description = "Old name of --data.")
    private Path oldFile;

    @Option(names = {"-x", "--extract"}, paramLabel = "EXPR",
            description = "Fit only the measurements where EXPR holds: p=32, d>=64, tag=cffts,n=1024 (commas, && or and).")
    private String extract;

    @Option(names = {"-g", "--plot"}, paramLabel = "PLOT",
            description = "Write PLOT.png and PLOT.svg (data and every fitted curve) and lca's PLOT.data and PLOT.gp for gnuplot.")
    private Path plot;

    @Option(names = "--log-log", description = "With -g: logarithmic axes for both the variable and the quantity.")
    private boolean logLog;

    @Option(names = "--search", description = "Also run the normal-form search (sums of n^i*log2(n)^j terms) "
            + "for categories whose table does not ask for it.")
    private boolean search;

    @Mixin
    private DataFormatOption dataFormat;

    @Mixin
    private FormsOption forms;

    private final FormatOption format = FormatOption.of("text or json (docs/fitting.md).", Format.json);

    @Override
    public FormatOption format() {
        return format;
    }

    @Parameters(arity = "0..*", paramLabel = "FORMULAS",
            description = "More forms to fit, in the variables' names or x0, x1, ... (in -v order); coefficients "
                    + "k1, k2, ... or none (then one per term). Several per argument, separated by blanks or commas.")
    private List<String> formulas = new ArrayList<>();

    @Option(names = "--at", paramLabel = "POINT", converter = Converters.At.class,
            description = "Also print the selected model's value and 90 %% prediction interval at POINT, e.g. n=4096 or n=4096,p=64 (repeatable).")
    private List<Point> at = new ArrayList<>();

    @Mixin
    private LoopCostOption loopCost;

    @Override
    public Integer call() throws IOException {
        if (oldFile != null) {
            lcm.renamed("--file", "--data");
            file = file == null ? oldFile : file;
        }
        if (file == null && !formulas.isEmpty() && Files.isRegularFile(Path.of(formulas.get(0)))) {
            file = Path.of(formulas.remove(0));
        }
        if (file == null) {
            throw UserError.of("no data: give the measurements with -f FILE (--data FILE, or as the first argument)");
        }
        // what does not depend on the data is checked before the data are read (10^7 lines take seconds)
        if ((category == null) != (variables == null)) {
            throw UserError.of("give both -c CATEGORY and -v VARIABLES, or neither (to model every fragment, quantity and variable)");
        }
        CandidateTable table = forms.table(lcm.sources());
        var cost = loopCost.parsed(lcm.sources());
        CoRunnerMedians coRunner = new CoRunnerMedians();
        MeasurementSet data = MeasurementFormats.read(file, dataFormat.reader(), lcm.sources(), coRunner);
        data.notes().forEach(lcm::warn);
        if (category == null && variables == null) {
            List<FitBatch.Row> rows = FitBatch.run(extract == null ? data : FitSelection.resolveExtraction(data, extract, lcm.sources()),
                    new ModelFitter(table));
            lcm.out().print(format.is(Format.json) ? FitBatch.json(rows) : FitBatch.text(rows) + coRunner.table());
            return ExitCode.OK;
        }
        FitSelection selection = FitSelection.resolve(data, extract, category, variables, lcm.sources());
        List<CandidateForm> user = Formulas.parse(formulas, selection.variables(), lcm.sources());
        lcm.warn(selection.warnings());
        ModelFitter fitter = new ModelFitter(table);
        FitRequest request = selection.request(user, search)
                .withLoopCost(cost);
        FitResult result = Stability.noted(fitter, request, fitter.fit(request));
        if (result.notes().contains(LiFromCauses.LOOP_COST_IGNORED)) {
            lcm.warn(LiFromCauses.LOOP_COST_IGNORED);
        }
        List<Prediction> predictions = new ArrayList<>();
        if (!at.isEmpty() && result.best().isPresent()) {
            for (Point point : at) {
                lcm.sources().register(SourceText.of(PredictionPoints.AT_ARG, point.text()));
                predictions.add(Prediction.of(result.best().get(), result.series(), PredictionPoints.values(point, selection.variables())));
            }
        }
        if (format.is(Format.json)) {
            lcm.out().print(FitJson.render(result, selection.shown(), predictions));
            result.notes().forEach(n -> lcm.err().println("lcm: note: " + n));
        } else {
            lcm.out().print(FitText.render(result, file.toString(), selection.extraction().describe(), Version.VERSION));
            predictions.forEach(p -> lcm.out().println(PredictionPoints.text(p, selection.variables())));
        }
        if (plot != null) {
            String title = selection.quantity() + " against " + String.join(", ", selection.variables()) + " (" + file.getFileName() + ")";
            List<Path> written = new ArrayList<>(FitPlot.write(result, plot, title, logLog));
            written.addAll(GnuplotFiles.write(result, plot, title));
            lcm.err().println("lcm: wrote " + written.stream().map(Path::toString).collect(Collectors.joining(", ")));
        }
        return ExitCode.OK;
    }
}

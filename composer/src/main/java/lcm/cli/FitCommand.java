package lcm.cli;

import lcm.annotation.Category;
import lcm.fit.CandidateForm;
import lcm.fit.CandidateTable;
import lcm.fit.FitJson;
import lcm.fit.FitPlot;
import lcm.fit.FitRequest;
import lcm.fit.FitResult;
import lcm.fit.FitText;
import lcm.fit.Formulas;
import lcm.fit.GnuplotFiles;
import lcm.fit.ModelFitter;
import lcm.expr.NumberText;
import lcm.measure.Extraction;
import lcm.measure.Measurement;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceText;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code lcm fit}: the thesis' lca (docs/fitting.md, docs/cli.md): fit candidate forms to measurements and rank them. */
@Command(name = "fit", mixinStandardHelpOptions = true,
        description = {"Fit the candidate forms of a category to measurements and rank them, best first (the thesis' lca).",
                "Example: lcm fit -c li -v p -f runfast.pp -x d=32 \"p^2\""})
public final class FitCommand implements Callable<Integer> {

    enum Format { text, json }

    private static final Path CATEGORY_ARG = Path.of("<-c>");
    private static final Path VARIABLE_ARG = Path.of("<-v>");
    private static final Path EXTRACT_ARG = Path.of("<-x>");

    @ParentCommand
    private LcmCommand lcm;

    @Option(names = {"-c", "--category"}, required = true, paramLabel = "CAT",
            description = "The category to model: pc (or rt), li, ip, sl, cl, rc; or any other measured quantity "
                    + "in the data (tt, an Extra-P METRIC), which gets the pc forms.")
    private String category;

    @Option(names = {"-v", "--variable"}, required = true, paramLabel = "VARS",
            description = "The variable, or several separated by blanks (\"n p\") for a multi-variable fit.")
    private String variables;

    @Option(names = {"-f", "--data"}, paramLabel = "DATA",
            description = "Measurements: pp lines, CSV with a header, or Extra-P text.")
    private Path file;

    @Option(names = "--file", hidden = true, paramLabel = "DATA", description = "Old name of --data.")
    private Path oldFile;

    @Option(names = {"-x", "--extract"}, paramLabel = "EXPR",
            description = "Fit only the measurements where EXPR holds: p=32, d>=64, tag=cffts,n=1024 (commas, && or and).")
    private String extract;

    @Option(names = {"-g", "--plot"}, paramLabel = "PLOT",
            description = "Write PLOT.png and PLOT.svg (data and every fitted curve) and lca's PLOT.data and PLOT.gp for gnuplot.")
    private Path plot;

    @Option(names = "--forms", paramLabel = "FILE",
            description = "More candidate forms, one per line: CATEGORY VARIABLE: FORM (the format of the built-in table).")
    private Path forms;

    @Option(names = "--search", description = "Also run the normal-form search (sums of n^i*log2(n)^j terms) "
            + "for categories whose table does not ask for it.")
    private boolean search;

    @Option(names = "--data-format", paramLabel = "NAME", description = "pp, csv or extrap (default: by extension and content).")
    private String dataFormat;

    @Option(names = "--format", defaultValue = "text", description = "text or json (docs/design.md#json-contract).")
    private Format format;

    @Parameters(arity = "0..*", paramLabel = "FORMULAS",
            description = "More forms to fit, in the variables' names or x0, x1, ... (in -v order); coefficients "
                    + "k1, k2, ... or none (then one per term). Several per argument, separated by blanks or commas.")
    private List<String> formulas = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        if (oldFile != null) {
            lcm.renamed("--file", "--data");
            file = file == null ? oldFile : file;
        }
        if (file == null) {
            throw UserError.of("Missing required option: '--data=DATA' (-f)");
        }
        MeasurementSet data = MeasurementFormats.read(file, Optional.ofNullable(dataFormat), lcm.sources());
        Extraction extraction = extraction(data);
        MeasurementSet chosen = data.filter(extraction);
        if (chosen.isEmpty()) {
            throw UserError.at(SourceLocation.of(EXTRACT_ARG, 1, 1), "no measurements match '" + extract + "'"
                    + values(data, extraction));
        }
        List<String> tags = chosen.tags();
        if (tags.size() > 1) {
            throw UserError.of(file + ": the data hold " + tags.size() + " fragments (" + String.join(", ", tags)
                    + "); choose one with -x tag=NAME");
        }
        Category cat = Category.byKey(category).orElse(null);
        String quantity = quantity(chosen, cat);
        if (cat == null) {
            cat = Category.PC;
        }
        List<String> vars = variables(chosen, quantity);
        List<CandidateForm> user = Formulas.parse(formulas, vars, lcm.sources());
        CandidateTable table = CandidateTable.defaults();
        if (forms != null) {
            Diagnostics d = new Diagnostics();
            table = table.plus(CandidateTable.read(lcm.sources().read(forms), CandidateForm.Origin.FORMS_FILE, d));
            UserError.throwIfErrors(d);
        }
        warnAboutOtherVariables(chosen, quantity, vars);
        FitRequest request = new FitRequest(chosen.measurements(), quantity, cat, vars, user, search, true);
        FitResult result = new ModelFitter(table).fit(request);
        String shownCategory = Category.byKey(category).map(Category::key).orElse(quantity);
        if (format == Format.json) {
            lcm.out().print(FitJson.render(result, shownCategory));
            result.notes().forEach(n -> lcm.err().println("lcm: note: " + n));
        } else {
            lcm.out().print(FitText.render(result, file.toString(), extraction.describe(), Version.VERSION));
        }
        if (plot != null) {
            String title = quantity + " against " + String.join(", ", vars) + " (" + file.getFileName() + ")";
            List<Path> written = new ArrayList<>(FitPlot.write(result, plot, title));
            written.addAll(GnuplotFiles.write(result, plot, title));
            lcm.err().println("lcm: wrote " + written.stream().map(Path::toString).collect(Collectors.joining(", ")));
        }
        return ExitCode.OK;
    }

    private Extraction extraction(MeasurementSet data) {
        if (extract == null || extract.isBlank()) {
            return Extraction.all();
        }
        lcm.sources().register(SourceText.of(EXTRACT_ARG, extract));
        Extraction x = Extraction.parse(extract, EXTRACT_ARG);
        List<String> keys = data.keys();
        List<Diagnostic> problems = new ArrayList<>();
        for (Extraction.Condition c : x.numericConditions()) {
            if (!keys.contains(c.key())) {
                int col = extract.indexOf(c.key());
                problems.add(Diagnostic.error(SourceLocation.of(EXTRACT_ARG, 1, Math.max(1, col + 1)),
                        "unknown key '" + c.key() + "' (keys in the data: " + String.join(", ", keys) + ")"));
            }
        }
        if (!problems.isEmpty()) {
            throw new UserError(problems);
        }
        return x;
    }

    /** For an empty extraction: the values the mentioned keys do take. */
    private static String values(MeasurementSet data, Extraction x) {
        StringBuilder out = new StringBuilder();
        for (Extraction.Condition c : x.conditions()) {
            if (c.isTag()) {
                out.append(out.length() == 0 ? " (" : "; ").append("tags: ").append(String.join(", ", data.tags()));
            } else {
                out.append(out.length() == 0 ? " (" : "; ").append(c.key()).append(" takes ")
                        .append(data.distinct(c.key()).stream().map(v -> NumberText.digits(v, 6)).collect(Collectors.joining(", ")));
            }
        }
        return out.length() == 0 ? "" : out.append(')').toString();
    }

    /** The key to fit: the category's own (pc falls back to rt and back), or any measured quantity. */
    private String quantity(MeasurementSet data, Category cat) {
        lcm.sources().register(SourceText.of(CATEGORY_ARG, category));
        Set<String> keys = new TreeSet<>(data.keys());
        if (keys.contains(category)) {
            if (cat != null || data.quantities().contains(category)) {
                return category;
            }
        }
        if (cat == Category.PC) {
            for (String k : List.of("pc", "rt")) {
                if (keys.contains(k)) {
                    return k;
                }
            }
        }
        String present = String.join(", ", data.quantitiesPresent());
        if (cat != null) {
            throw UserError.at(SourceLocation.of(CATEGORY_ARG, 1, 1), "no '" + category + "' measurements in " + file
                    + " (quantities in the data: " + (present.isEmpty() ? "none" : present) + ")");
        }
        throw UserError.at(SourceLocation.of(CATEGORY_ARG, 1, 1), "unknown category '" + category + "' (categories: "
                + Category.keys() + (present.isEmpty() ? "" : "; quantities in the data: " + present) + ")");
    }

    private List<String> variables(MeasurementSet data, String quantity) {
        lcm.sources().register(SourceText.of(VARIABLE_ARG, variables));
        List<String> present = data.variables().stream().filter(v -> !v.equals(quantity)).toList();
        List<String> out = new ArrayList<>();
        List<Diagnostic> problems = new ArrayList<>();
        Matcher m = Pattern.compile("[^\\s,]+").matcher(variables);
        while (m.find()) {
            String v = m.group();
            SourceLocation at = SourceLocation.of(VARIABLE_ARG, 1, m.start() + 1);
            if (!present.contains(v)) {
                problems.add(Diagnostic.error(at, "unknown variable '" + v + "' (variables in the data: "
                        + (present.isEmpty() ? "none" : String.join(", ", present)) + ")"));
            } else if (out.contains(v)) {
                problems.add(Diagnostic.error(at, "variable '" + v + "' given twice"));
            } else {
                out.add(v);
            }
        }
        if (out.isEmpty() && problems.isEmpty()) {
            problems.add(Diagnostic.error(SourceLocation.of(VARIABLE_ARG, 1, 1), "no variable given (variables in the data: "
                    + String.join(", ", present) + ")"));
        }
        if (!problems.isEmpty()) {
            throw new UserError(problems);
        }
        return out;
    }

    /** lca fits whatever it extracted; say so when other variables vary among those measurements. */
    private void warnAboutOtherVariables(MeasurementSet data, String quantity, List<String> vars) {
        List<Measurement> used = data.measurements().stream()
                .filter(m -> m.has(quantity) && vars.stream().allMatch(m::has)).toList();
        MeasurementSet subset = new MeasurementSet(data.file(), data.format(), used, data.quantities());
        List<Diagnostic> warnings = new ArrayList<>();
        for (String other : subset.variables()) {
            if (vars.contains(other) || other.equals(quantity)) {
                continue;
            }
            Set<Double> values = subset.distinct(other);
            if (values.size() > 1) {
                warnings.add(Diagnostic.warning("the measurements also vary " + other + " ("
                        + values.stream().map(v -> NumberText.digits(v, 6)).collect(Collectors.joining(", "))
                        + "); the fit mixes them: restrict with -x " + other + "=VALUE or fit -v \"" + String.join(" ", vars)
                        + " " + other + "\""));
            }
        }
        lcm.warn(warnings);
    }
}

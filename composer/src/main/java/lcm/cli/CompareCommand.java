package lcm.cli;

import lcm.compare.Alternative;
import lcm.compare.AlternativeLoader;
import lcm.compare.CompareReport;
import lcm.compare.CompareRequest;
import lcm.compare.ComparePlots;
import lcm.compare.Comparer;
import lcm.compare.Comparison;
import lcm.compare.Reference;
import lcm.compare.ReferenceReport;
import lcm.compose.ComposeOptions;
import lcm.frontend.ProgramReader;
import lcm.source.UserError;
import lcm.values.Point;
import lcm.values.Ranges;
import lcm.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code lcm compare A B [C ...]}: alternative structures side by side (docs/design.md#stages-and-what-flows-between-them, docs/cli.md; docs/compare.md). */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare the models of alternative parallel structures: T_P of each, their difference, "
                + "speedup and best p, crossovers and the best structure over a range, plots.",
                "MODEL: an annotated source, composed first, or a model file (.lcm: model: and vars: lines).",
                "A program of several source files: main.f+fft.f",
                "See docs/compare.md."})
public final class CompareCommand implements Callable<Integer>, FormatOption.Holder {

    @ParentCommand
    private LcmCommand lcm;

    @Parameters(arity = "2..*", paramLabel = "MODEL", description = "Two or more alternatives.")
    private List<String> models;

    @Mixin
    private SourceReadingOptions reading;

    @Mixin
    private CompositionOptions composition;

    @Option(names = "--range", paramLabel = "v=FROM:TO,...",
            converter = Converters.RangeList.class,
            description = "One or two ranging variables (default: n=64:1024,p=1:32 for those the models have).")
    private Ranges range;

    @Option(names = "--fix", paramLabel = "v=X,...", converter = Converters.Fix.class,
            description = "Fixed values of other variables, e.g. itors=16 (repeatable).")
    private List<Point> fix = new ArrayList<>();

    @Option(names = "--points", paramLabel = "N",
            description = "Grid points per axis, at least 2 (default 1001 for one axis, 201 for two).")
    private Integer points;

    @Option(names = "--bars", paramLabel = "v=X,...", converter = Converters.Bars.class,
            description = "A point for the per-category bars, a value for every ranging variable (repeatable; "
                    + "default: across p at the largest n).")
    private List<Point> bars = new ArrayList<>();

    @Option(names = "--plot", paramLabel = "OUT", description = "Write the plots OUT-time, OUT-ratio, OUT-map and "
            + "OUT-categories, each as PNG and SVG; OUT may be a folder.")
    private Path plot;

    @Option(names = "--report", paramLabel = "DIR", description = "Write a report folder: compare.md with the "
            + "plots, compare.json and compare.csv.")
    private Path report;

    @Option(names = "--force", description = "With --report: write into a folder that holds other files and no "
            + "earlier report (refused otherwise).")
    private boolean force;

    private final FormatOption format = FormatOption.of("text, markdown, csv, json (docs/design.md#json-contract) or latex.", Format.markdown, Format.csv, Format.json, Format.latex);

    @Override
    public FormatOption format() {
        return format;
    }

    @Option(names = "--reference", paramLabel = "MODEL=FILE", description = "Reference data for a compared "
            + "program (measurements: pp, CSV, Extra-P; or a published model, .lcm): lcm's T_P and categories are "
            + "set against it (repeatable). Without it, a file named 'references' beside a program is read "
            + "(lines PROGRAM: FILE). See docs/compare.md#reference-data.")
    private List<String> referenceOptions = new ArrayList<>();

    @Option(names = "--symja", description = "Also ask Symja (starts it: about a second of CPU): simplify the "
            + "shown models further and solve dT/dp = 0 where lcm's own algebra cannot. Without it compare "
            + "never loads Symja.")
    private boolean symja;

    @Option(names = "--symbolic-seconds", defaultValue = "2", paramLabel = "S", converter = Seconds.class,
            description = "With --symja: time limit of each step Symja takes (simplification, also when composing; "
                    + "solving dT/dp = 0).")
    private Duration limit;

    @Override
    public Integer call() {
        if (limit.isZero()) {
            throw UserError.of("--symbolic-seconds must be above 0, not 0");
        }
        Point fixed = fix.isEmpty() ? null : Point.merge(fix, "--fix");
        Path prefix = plot == null ? null : ComparePlots.prefix(plot);
        if (prefix != null) {
            ComparePlots.checkWritable(prefix);
        }
        if (report != null) {
            CompareReport.checkFolder(report, force);
        }
        ComposeOptions options = composition.options(limit, symja, lcm.sources());
        ProgramReader reader = new ProgramReader(lcm.sources(), reading.fortran());
        List<Alternative> alternatives = new AlternativeLoader(lcm.sources(), options,
                files -> reader.read(files).orThrow()).loadAll(models);
        if (points != null && points < 2) {
            throw UserError.of("--points " + points + ": need at least 2 points per axis");
        }
        CompareRequest request = new CompareRequest(range, fixed,
                points == null ? 0 : points, bars,
                limit, symja);
        Comparison comparison = new Comparer(request).compare(alternatives);
        CompareReport out = new CompareReport(comparison);
        if (prefix != null) {
            out.writePlots(prefix);
        }
        if (report != null) {
            out.writeFolder(report);
        }
        String rendered = out.render(format.get());
        if (format.is(Format.text)) {
            rendered += new ReferenceReport(comparison, references(alternatives)).text();
        }
        lcm.out().print(rendered);
        lcm.out().flush();
        // on stderr, each once (the text output does not repeat them; JSON and Markdown list them)
        comparison.warnings().forEach(lcm::warn);
        return ExitCode.OK;
    }

    /** Each alternative's reference data: named with --reference, or in a references file beside it. */
    private List<Optional<Reference>> references(List<Alternative> alternatives) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String r : referenceOptions) {
            int eq = r.indexOf('=');
            if (eq < 1 || eq == r.length() - 1) {
                throw UserError.of("--reference " + r + ": write MODEL=FILE, e.g. --reference tp.f=measured/tp.pp");
            }
            String model = r.substring(0, eq).strip();
            if (alternatives.stream().noneMatch(a -> a.name().equals(model) || a.file().equals(model))) {
                throw UserError.of("--reference " + r + ": " + model + " is not one of the compared models ("
                        + String.join(", ", alternatives.stream().map(Alternative::name).toList()) + ")");
            }
            given.put(model, r.substring(eq + 1).strip());
        }
        List<Optional<Reference>> out = new ArrayList<>();
        for (Alternative a : alternatives) {
            String file = given.containsKey(a.name()) ? given.get(a.name()) : given.get(a.file());
            if (file != null) {
                out.add(Optional.of(Reference.read(a.name(), Path.of(file), "--reference", lcm.sources())));
            } else if (a.kind() == Alternative.Kind.PROGRAM && !a.file().contains("+")) {
                out.add(Reference.beside(a.name(), Path.of(a.file()), lcm.sources()));
            } else {
                out.add(Optional.empty());
            }
        }
        return out;
    }
}

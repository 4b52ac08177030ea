package lcm.demo;

import lcm.expr.NumberText;
import lcm.annotate.Annotator;
import lcm.compare.Alternative;
import lcm.compare.AlternativeLoader;
import lcm.compare.CategoryValues;
import lcm.compare.CompareRequest;
import lcm.compare.Comparer;
import lcm.compare.Comparison;
import lcm.compare.Reference;
import lcm.compare.ReferenceReport;
import lcm.compose.ComposeOptions;
import lcm.dag.Dag;
import lcm.explore.Exploration;
import lcm.explore.ExploreText;
import lcm.explore.Explorer;
import lcm.explore.ExplorePoints;
import lcm.explore.VariantSources;
import lcm.fortran.FortranOptions;
import lcm.machine.MachineDescriptionReader;
import lcm.measure.Extraction;
import lcm.frontend.ProgramReader;
import lcm.report.DagColumns;
import lcm.source.SourceRegistry;
import lcm.validate.BaselineFigures;
import lcm.validate.Validation;
import lcm.validate.ValidationPlot;
import lcm.validate.ValidationReport;
import lcm.validate.ValidationRequest;
import lcm.validate.ValidationResult;
import lcm.values.Point;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The walk-through of {@code lcm demo}: the 2D FFT story of Crovella's thesis from lcm's composed
 * models. Part one, the thesis' case: the task parallel version with its lock step against the
 * data parallel one on the KSR1, set against Table 5.3 (verdict, crossovers, what the categories
 * say). Part two, the same method on real runs of the Java versions on 16 processors
 * (fixtures/fft2d/measured16): the task parallel program's runs at p <= 4 fitted, the models written
 * into copies of both versions, and the data parallel program predicted at p = 8 and 16 with 90 %
 * intervals, against its measured runs, with the verdict at each point (lcm.validate); a report
 * folder with the plot.
 */
public final class Fft2dDemo {

    /** Runs one step of the walk-through; the command line shows its progress. */
    public interface Steps {
        <T> T step(String label, Callable<T> work) throws Exception;
    }

    private static final Map<String, Double> THESIS_POINT = point(1024, 26);
    /** The 16-processor runs of both Java programs (their provenance: the README there). */
    private static final String DATA = "fft2d/measured16";

    /** Bootstrap resamples: validate's default (none; the intervals come from the models' error). */
    static final int RESAMPLES = ValidationRequest.RESAMPLES;

    private final SourceRegistry sources;
    private final Path fixtures;
    private final Steps steps;

    /**
     * @param sources  where every text read is registered (for diagnostics)
     * @param fixtures the folder of lcm's fixtures
     * @param steps    how a longer step is shown
     */
    public Fft2dDemo(SourceRegistry sources, Path fixtures, Steps steps) {
        this.sources = sources;
        this.fixtures = fixtures;
        this.steps = steps;
    }

    /** Runs the walk-through in the empty folder {@code dir}, printing it to {@code o}. */
    public void run(Path dir, PrintStream o) throws Exception {
        o.println("lcm demo: the 2D FFT of Crovella's thesis (sections 5.3 and 6.3), in " + dir);

        // part one: the thesis' case, from the composed models of tp_sync.f and dp.f on the KSR1
        Path tpSync = fixture("fft2d/tp_sync.f");
        Path dpThesis = fixture("fft2d/dp.f");
        ComposeOptions ksr1 = ComposeOptions.defaults()
                .withMachine(MachineDescriptionReader.read(fixture("machines/ksr1.machine"), sources));
        ProgramReader reader = new ProgramReader(sources);
        Dag tpDag = reader.parse(List.of(tpSync)).orThrow().dag();
        Dag dpDag = reader.parse(List.of(dpThesis)).orThrow().dag();
        heading(o, "1. The two parallel structures of the thesis (fixtures/fft2d)");
        String structures = DagColumns.sideBySide("tp_sync.f: task parallel, lock step (Fig. 6.3)", tpDag,
                "dp.f: data parallel (Fig. 6.8)", dpDag);
        o.print(structures);

        List<Alternative> thesis = new AlternativeLoader(sources, ksr1, files -> reader.read(files).orThrow())
                .loadAll(List.of(tpSync.toString(), dpThesis.toString()));
        Comparison thesisComparison = steps.step("comparing on the KSR1",
                () -> new Comparer(CompareRequest.defaults().withRange("n=64:1024:*2").withFix("p=26")
                        .withSymbolicTime(Duration.ofSeconds(2))).compare(thesis));
        List<Optional<Reference>> tables = List.of(
                Reference.beside(thesis.get(0).name(), tpSync, sources),
                Reference.beside(thesis.get(1).name(), dpThesis, sources));
        ReferenceReport table53 = new ReferenceReport(thesisComparison, tables);
        heading(o, "2. Composed on the KSR1 at p = 26, n = 64 .. 1024, against the thesis' Table 5.3");
        String thesisText = thesisComparison.verdict().text() + "\n"
                + CategoryValues.why("tp_sync.f", "dp.f", thesis.get(0), thesis.get(1), THESIS_POINT) + "\n" + table53.text();
        o.print(thesisText);
        o.println("The fragment models come from the thesis' data parallel figures only (docs/fft2d.md): the data "
                + "parallel column is reproduced, the task parallel one is a prediction. It misses the transposing "
                + "task's slower iterations, which the thesis' spin locks turn into waits (sl) and idle partners "
                + "(ip): the data parallel figures do not contain them.");

        // part two: real runs of the Java versions on 16 processors; one structure's runs at p <= 4 predict the
        // other structure at 8 and 16 processors
        Path tp = copy("fft2d/Fft2dTp.java", dir);
        Path dp = copy("fft2d/Fft2dDp.java", dir);
        Path tpRuns = Files.copy(fixture(DATA + "/java_tp.pp"), dir.resolve("java_tp.pp"));
        Path dpRuns = Files.copy(fixture(DATA + "/java_dp.pp"), dir.resolve("java_dp.pp"));
        ValidationRequest request = new ValidationRequest(List.of(dp), dpRuns, selection("p>=8"), Optional.of(tpRuns),
                selection("p<=4"), List.of(tp), Map.of(), ComposeOptions.defaults(), FortranOptions.DEFAULT, RESAMPLES,
                ValidationRequest.SEED);
        ValidationResult result = steps.step("fitting the runs at p <= 4, and again at p <= 2 for the intervals",
                () -> new Validation(sources).run(request));
        for (int i = 0; i < result.plans().size(); i++) {
            Annotator.write(result.plans().get(i));
        }
        heading(o, "3. Real runs on 16 processors (" + DATA + "): Fft2dTp.java measured at p = 1, 2 and 4 ("
                + result.fittedRuns() + " runs), its fragment models fitted and written into Fft2dDp.java");
        String fitted = result.plans().get(0).report();
        o.print(fitted);
        heading(o, "4. Fft2dDp.java predicted at p = 8 and 16, against its measured runs (never used in the fit)");
        String table = ValidationReport.table(result);
        String verdicts = ValidationReport.verdicts(result, "Fft2dDp.java", "Fft2dTp.java");
        o.print(table);
        o.print(verdicts);
        String warnings = String.join("", result.warnings().stream().map(w -> "warning: " + w + "\n").toList());
        o.print(warnings);
        String summary = summary(result);
        o.println(summary);
        Path reportDir = Files.createDirectories(dir.resolve("report"));
        Path plot = reportDir.resolve("validate.png");
        steps.step("plotting", () -> {
            ValidationPlot.write(result, "n", plot);
            return plot;
        });
        // part three: the restructurings lcm proposes from the task parallel program alone, ranked on the KSR1
        heading(o, "5. What to try next: lcm explore on tp.f alone (KSR1, n = 1024, p = 26), the top three");
        Path tpKsr = fixture("fft2d/tp.f");
        Exploration exploration = steps.step("exploring tp.f", () -> new Explorer(ksr1, Explorer.Limits.defaults())
                .explore("fixtures/fft2d/tp.f", reader.read(List.of(tpKsr)).orThrow(),
                        new ExplorePoints(List.of(new Point("n=1024,p=26", THESIS_POINT)), null, null)));
        Map<Integer, String> diffs = new LinkedHashMap<>();
        VariantSources variantSources = new VariantSources(sources);
        exploration.ranked().stream().filter(r -> !r.variant().original()).limit(3)
                .forEach(r -> variantSources.diff(r.variant()).ifPresent(d -> diffs.put(r.number(), d)));
        String explored = ExploreText.render(exploration, 3, diffs);
        o.print(explored);
        Path demoMd = reportDir.resolve("demo.md");
        Files.writeString(demoMd, demoMarkdown(structures, thesisText, fitted, table + verdicts + warnings, summary)
                + "\n## What to try next: lcm explore on tp.f (KSR1, n = 1024, p = 26)\n\n```\n" + explored.stripTrailing()
                + "\n```\n");
        o.println();
        o.println("Report: " + demoMd + " (with " + plot.getFileName() + ")");
        o.println("Try:    ./lcm compare fixtures/fft2d/tp_sync.f fixtures/fft2d/dp.f --range n=64:1024:*2 --fix p=26");
        o.println("        ./lcm explore fixtures/fft2d/tp.f --machine fixtures/machines/ksr1.machine --at n=1024,p=26");
        o.println("        ./lcm compose " + dp + " --at n=2048,p=16 --explain");
        o.println("        ./lcm validate " + dp + " --measured " + dpRuns + " --data " + tpRuns + " --versus " + tp
                + " --fit-on 'p<=4' --where 'p>=8'");
    }

    /**
     * What the validation says, from its figures: the error against the targets (median 10 %,
     * max 25 %), the intervals, the verdicts, and the naive answers lcm must beat.
     */
    static String summary(ValidationResult r) {
        StringBuilder b = new StringBuilder("Predicted from runs at p <= 4, the data parallel program's time at p = 8 "
                + "and 16 is off by " + NumberText.percent(r.medianAbsError()) + " (median) and "
                + NumberText.percent(r.maxAbsError()) + " at most");
        b.append(r.medianAbsError() <= 0.10 && r.maxAbsError() <= 0.25 ? " (within lcm's targets of 10 % and 25 %)"
                : " (lcm's targets are 10 % and 25 %)");
        b.append("; ").append(r.inside()).append(" of ").append(r.points().size())
                .append(" measured times lie inside the 90 % intervals (median half-width ")
                .append(NumberText.percent(r.medianHalfWidth())).append(')');
        int differing = r.differing().size();
        b.append(differing == 0 ? ". The two structures measured within 10 % of each other at every point."
                : String.format(Locale.ROOT, ". Where the two measured structures differ by more than 10 %% (%d points) "
                        + "the answer to \"is the data parallel program faster?\" is right at %d.", differing,
                        r.verdictsRight()));
        for (BaselineFigures f : r.baselines()) {
            b.append(" Naive answer \"").append(f.baseline().text(f.pmax())).append('"');
            b.append(f.lcmBeats().isEmpty() ? ": none, the runs fitted have none at these points."
                    : ": median " + NumberText.percent(f.median()) + " at " + f.points() + " of " + f.of() + " points, "
                    + (f.lcmBeats().get() ? "which lcm beats." : "which lcm does not beat."));
        }
        b.append(" docs/validation.md says where the rest of the error comes from.");
        return b.toString();
    }

    private static Extraction selection(String text) {
        return Extraction.parse(text, Path.of("<demo>"));
    }

    private Path fixture(String relative) {
        return fixtures.resolve(relative);
    }

    /** A fixture copied into the demo folder (its model lines are replaced by those fitted). */
    private Path copy(String name, Path dir) throws IOException {
        Path from = fixture(name);
        return Files.copy(from, dir.resolve(from.getFileName()));
    }

    private static void heading(PrintStream o, String title) {
        o.println();
        o.println(title);
        o.println("-".repeat(title.length()));
    }

    /** n first, then p (Map.of has no order). */
    private static Map<String, Double> point(double n, double p) {
        Map<String, Double> at = new LinkedHashMap<>();
        at.put("n", n);
        at.put("p", p);
        return at;
    }

    private static String demoMarkdown(String structures, String thesisText, String fitted, String validation,
                                       String summary) {
        List<String> md = new ArrayList<>();
        md.add("# lcm demo: task parallel vs data parallel 2D FFT");
        md.add("");
        md.add("Crovella's thesis (sections 5.3 and 6.3) told from lcm's composed models: first the thesis' case on "
                + "the KSR1 against its Table 5.3, then the same method on real runs of the Java versions on 16 "
                + "processors: the task parallel program measured at p <= 4, its fragment models fitted and written "
                + "into the data parallel program, which is predicted at p = 8 and 16 and set against its own runs.");
        md.add("");
        md.add("## The thesis' case: tp_sync.f and dp.f on the KSR1, p = 26");
        md.add("");
        md.add("```");
        md.add(structures.stripTrailing());
        md.add("");
        md.add(thesisText.stripTrailing());
        md.add("```");
        md.add("");
        md.add("## Real runs: Fft2dDp.java predicted from Fft2dTp.java's runs at p <= 4");
        md.add("");
        md.add(summary);
        md.add("");
        md.add("![predicted and measured time](validate.png)");
        md.add("");
        md.add("```");
        md.add(validation.stripTrailing());
        md.add("```");
        md.add("");
        md.add("### The models fitted and written into Fft2dDp.java");
        md.add("");
        md.add("```");
        md.add(fitted.stripTrailing());
        md.add("```");
        md.add("");
        return String.join("\n", md);
    }
}

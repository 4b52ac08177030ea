package lcm.demo;

import lcm.annotate.AnnotationPlan;
import lcm.annotate.Annotator;
import lcm.annotation.Category;
import lcm.compare.Alternative;
import lcm.compare.AlternativeLoader;
import lcm.compare.CategoryValues;
import lcm.compare.CompareReport;
import lcm.compare.CompareRequest;
import lcm.compare.Comparer;
import lcm.compare.Comparison;
import lcm.compare.Reference;
import lcm.compare.ReferenceReport;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Transfer;
import lcm.dag.Dag;
import lcm.expr.NumberText;
import lcm.fit.CandidateTable;
import lcm.fit.FitRequest;
import lcm.fit.FitResult;
import lcm.fit.FitText;
import lcm.fit.ModelFitter;
import lcm.machine.MachineDescriptionReader;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.pipeline.Pipeline;
import lcm.report.ComposeReport;
import lcm.report.DagColumns;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

/**
 * The walk-through of {@code lcm demo}: the 2D FFT story of Crovella's thesis from lcm's composed
 * models. Part one, the thesis' case: the task parallel version with its lock step against the
 * data parallel one on the KSR1, set against Table 5.3 (verdict, crossovers, what the categories
 * say). Part two, the same method on real measurements: the Java versions' fragments as measured
 * on this kind of machine (fixtures/fft2d/measured/java_tp.pp), fitted, written into copies of
 * both versions, composed and compared, with a report folder and plots.
 */
public final class Fft2dDemo {

    /** Runs one step of the walk-through; the command line shows its progress. */
    public interface Steps {
        <T> T step(String label, Callable<T> work) throws Exception;
    }

    private static final Pattern MODEL_LINE = Pattern.compile("(?m)^[ \\t]*//@lcm[ \\t]*model:.*(\\r?\\n)");
    private static final Map<String, Double> THESIS_POINT = point(1024, 26);
    private static final Map<String, Double> JAVA_POINT = point(1024, 2);
    private static final String DATA = "java_tp.pp";

    private final SourceRegistry sources;
    private final Path fixtures;
    private final String version;
    private final Steps steps;

    /**
     * @param sources  where every text read is registered (for diagnostics)
     * @param fixtures the folder of lcm's fixtures
     * @param version  lcm's version, as fit tables print it
     * @param steps    how a longer step is shown
     */
    public Fft2dDemo(SourceRegistry sources, Path fixtures, String version, Steps steps) {
        this.sources = sources;
        this.fixtures = fixtures;
        this.version = version;
        this.steps = steps;
    }

    /** Runs the walk-through in the empty folder {@code dir}, printing it to {@code o}. */
    public void run(Path dir, PrintStream o) throws Exception {
        o.println("lcm demo: the 2D FFT of Crovella's thesis (sections 5.3 and 6.3), in " + dir);
        Pipeline composer = new Pipeline(sources);

        // part one: the thesis' case, from the composed models of tp_sync.f and dp.f on the KSR1
        Path tpSync = fixture("fft2d/tp_sync.f");
        Path dpThesis = fixture("fft2d/dp.f");
        ComposeOptions ksr1 = ComposeOptions.defaults()
                .withMachine(MachineDescriptionReader.read(fixture("machines/ksr1.machine"), sources));
        Dag tpDag = composer.dag(List.of(tpSync), new Diagnostics());
        Dag dpDag = composer.dag(List.of(dpThesis), new Diagnostics());
        heading(o, "1. The two parallel structures of the thesis (fixtures/fft2d)");
        String structures = DagColumns.sideBySide("tp_sync.f: task parallel, lock step (Fig. 6.3)", tpDag,
                "dp.f: data parallel (Fig. 6.8)", dpDag);
        o.print(structures);

        List<Alternative> thesis = new AlternativeLoader(sources, ksr1)
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

        // part two: real measurements of the Java versions, fitted and written into copies of both
        Path tp = copyWithoutModels("fft2d/Fft2dTp.java", dir);
        Path dp = copyWithoutModels("fft2d/Fft2dDp.java", dir);
        Path data = Files.copy(fixture("fft2d/measured/" + DATA), dir.resolve(DATA));
        MeasurementSet set = MeasurementFormats.read(data, Optional.empty(), sources);
        ModelFitter fitter = new ModelFitter(CandidateTable.defaults());
        FitResult example = steps.step("fitting", () -> fitter.fit(FitRequest.of(
                set.withTag("cffts").filter(m -> m.value("p").orElse(0) == 1).measurements(), Category.PC, "n")));
        heading(o, "3. Real measurements: Fft2dTp.java's fragments (" + set.size() + " pp lines in " + DATA
                + "); pure computation of cffts against n at p = 1");
        o.print(firstLines(FitText.render(example, DATA, "tag=cffts, p=1", version), 6));

        Annotator annotator = new Annotator(sources, CandidateTable.defaults());
        AnnotationPlan plan = steps.step("annotating Fft2dTp.java",
                () -> annotator.plan(List.of(tp), set));
        AnnotationPlan moved = steps.step("annotating Fft2dDp.java",
                () -> annotator.plan(List.of(dp), set));
        Annotator.write(plan);
        Annotator.write(moved);
        sources.register(SourceText.read(tp)); // the run has the texts before the models
        sources.register(SourceText.read(dp));
        heading(o, "4. Annotate: models fitted per fragment, written into Fft2dTp.java (and the same into "
                + "Fft2dDp.java)");
        o.print(plan.report());

        ComposeOptions here = ComposeOptions.defaults();
        ComposedModel tpModel = steps.step("composing Fft2dTp.java",
                () -> composer.compose(List.of(tp), here, new Diagnostics()));
        ComposedModel dpModel = steps.step("composing Fft2dDp.java",
                () -> composer.compose(List.of(dp), here, new Diagnostics()));
        String composed = composedSummary("Fft2dTp.java", tpModel) + composedSummary("Fft2dDp.java", dpModel);
        List<Alternative> models = new AlternativeLoader(sources, here)
                .loadAll(List.of(tp.toString(), dp.toString()));
        Comparison comparison = steps.step("comparing",
                () -> new Comparer(CompareRequest.defaults().withRange("n=64:1024:*2,p=1:2")
                        .withSymbolicTime(Duration.ofSeconds(2))).compare(models));
        CompareReport report = new CompareReport(comparison);
        Path reportDir = dir.resolve("report");
        Path compareMd = steps.step("writing the report", () -> report.writeFolder(reportDir));
        String javaWhy = CategoryValues.why("Fft2dTp.java", "Fft2dDp.java", models.get(0), models.get(1), JAVA_POINT);
        heading(o, "5. Composed and compared over the measured range (n = 64 .. 1024, p = 1 .. 2; no machine file)");
        o.print(composed);
        o.println(comparison.verdict().text());
        o.println(javaWhy);
        o.println("These fits come from two processors of a shared machine (see their CV): read the comparison "
                + "inside the measured range; beyond p = 2 it extrapolates forms that two values of p cannot pin down.");
        Path demoMd = reportDir.resolve("demo.md");
        Files.writeString(demoMd, demoMarkdown(structures, thesisText, example, plan, composed, comparison, compareMd,
                javaWhy));
        o.println();
        o.println("Report: " + demoMd + " (with " + compareMd.getFileName() + " and its plots in " + reportDir + ")");
        o.println("Try:    ./lcm compare fixtures/fft2d/tp_sync.f fixtures/fft2d/dp.f --range n=64:1024:*2 --fix p=26");
        o.println("        ./lcm compose " + tp + " --at n=1024,p=2 --explain");
    }


    private Path fixture(String relative) {
        return fixtures.resolve(relative);
    }

    /** A fixture copied into the demo folder without its {@code model:} lines. */
    private Path copyWithoutModels(String name, Path dir) throws IOException {
        Path from = fixture(name);
        Path to = dir.resolve(from.getFileName());
        Files.writeString(to, MODEL_LINE.matcher(Files.readString(from)).replaceAll(""));
        return to;
    }

    private static void heading(PrintStream o, String title) {
        o.println();
        o.println(title);
        o.println("-".repeat(title.length()));
    }

    private static String firstLines(String text, int n) {
        StringBuilder b = new StringBuilder();
        text.lines().limit(n).forEach(l -> b.append(l).append('\n'));
        return b.toString();
    }

    private static String composedSummary(String title, ComposedModel m) {
        Map<String, Double> v = values(m, JAVA_POINT);
        StringBuilder b = new StringBuilder(title).append(" at n = 1024, p = 2: T_P = ")
                .append(NumberText.digits(v.get("time"), 4)).append(" s").append("   (lost cycles, processor-s:");
        for (Category c : Category.values()) {
            b.append(' ').append(c.key()).append(' ').append(NumberText.digits(v.get(c.key()), 3));
        }
        b.append(")\n");
        for (Transfer t : m.transfers()) {
            b.append("  transfer of ").append(t.item()).append(" from ").append(t.from()).append(" to ").append(t.to())
                    .append(": ").append(t.change().json()).append('\n');
        }
        return b.toString();
    }

    /** n first, then p (Map.of has no order). */
    private static Map<String, Double> point(double n, double p) {
        Map<String, Double> at = new LinkedHashMap<>();
        at.put("n", n);
        at.put("p", p);
        return at;
    }

    private static Map<String, Double> values(ComposedModel m, Map<String, Double> at) {
        Map<String, Double> point = new LinkedHashMap<>(at);
        m.defaults().forEach(point::putIfAbsent);
        return new ComposeReport(m, Optional.of(point)).values();
    }

    private String demoMarkdown(String structures, String thesisText, FitResult example, AnnotationPlan plan,
                               String composed, Comparison comparison, Path compareMd, String whyText) {
        List<String> md = new ArrayList<>();
        md.add("# lcm demo: task parallel vs data parallel 2D FFT");
        md.add("");
        md.add("Crovella's thesis (sections 5.3 and 6.3) told from lcm's composed models: first the thesis' case on "
                + "the KSR1 against its Table 5.3, then the same method on real measurements of the Java versions "
                + "(`" + DATA + "`): fitted, written into both versions, composed and compared.");
        md.add("");
        md.add("## The thesis' case: tp_sync.f and dp.f on the KSR1, p = 26");
        md.add("");
        md.add("```");
        md.add(structures.stripTrailing());
        md.add("");
        md.add(thesisText.stripTrailing());
        md.add("```");
        md.add("");
        md.add("## Real measurements: Fft2dTp.java and Fft2dDp.java, p = 1 .. 2");
        md.add("");
        md.add(comparison.verdict().text());
        md.add("");
        md.add(whyText + " Details, tables and plots: [" + compareMd.getFileName()
                + "](" + compareMd.getFileName() + ").");
        md.add("");
        md.add("![time against p](compare-time.png)");
        md.add("");
        md.add("![best structure](compare-map.png)");
        md.add("");
        md.add("![lost cycles per category](compare-categories.png)");
        md.add("");
        md.add("### Fitting (lost cycles analysis)");
        md.add("");
        md.add("```");
        md.add(FitText.render(example, DATA, "tag=cffts, p=1", version).stripTrailing());
        md.add("```");
        md.add("");
        md.add("### The models written into the sources");
        md.add("");
        md.add("```");
        md.add(plan.report().stripTrailing());
        md.add("```");
        md.add("");
        md.add("### Composed at n = 1024, p = 2");
        md.add("");
        md.add("```");
        md.add(composed.stripTrailing());
        md.add("```");
        md.add("");
        return String.join("\n", md);
    }
}

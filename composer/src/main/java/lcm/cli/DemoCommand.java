package lcm.cli;

import lcm.machine.MachineDescriptionReader;
import lcm.source.SourceText;
import lcm.annotate.AnnotationPlan;
import lcm.annotate.Annotator;
import lcm.annotation.Category;
import lcm.compare.Alternative;
import lcm.compare.AlternativeLoader;
import lcm.compare.CompareReport;
import lcm.compare.CompareRequest;
import lcm.compare.Comparer;
import lcm.compare.Comparison;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.pipeline.Pipeline;
import lcm.compose.Transfer;
import lcm.dag.Dag;
import lcm.fit.CandidateTable;
import lcm.fit.FitRequest;
import lcm.fit.FitResult;
import lcm.fit.FitText;
import lcm.fit.ModelFitter;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.report.ComposeReport;
import lcm.report.DagColumns;
import lcm.source.Diagnostics;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

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
import java.util.regex.Pattern;

/**
 * {@code lcm demo}: the 2D FFT walk-through on the bundled fixtures, in a fresh folder:
 * measure (the bundled synthetic tp.pp), fit and annotate, compose both structures, compare,
 * write a report with plots, and say which structure wins where.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "The 2D FFT walk-through on the bundled fixtures: fit the measurements of the task parallel "
                + "version and write the models into copies of both versions, compose them, compare them, and write "
                + "a report folder with plots.")
public final class DemoCommand implements Callable<Integer> {

    private static final Pattern MODEL_LINE = Pattern.compile("(?im)^c\\*lcm\\*\\s*model:.*(\\r?\\n)");
    private static final Map<String, Double> POINT = new LinkedHashMap<>(Map.of("n", 1024.0, "p", 26.0));

    @ParentCommand
    private LcmCommand root;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Folder for the walk-through (default: a fresh temporary folder).")
    private Path out;

    @Override
    public Integer call() throws Exception {
        PrintStream o = root.out();
        boolean tty = Progress.terminal();
        Path dir = folder();
        o.println("lcm demo: the 2D FFT walk-through of Crovella's thesis (sections 5.3 and 6.3), in " + dir);

        // 1. the sources, as they are before anything is measured: no fragment models yet
        Path tp = copyWithoutModels("fft2d/tp.f", dir);
        Path dp = copyWithoutModels("fft2d/dp.f", dir);
        Files.copy(Home.fixture("fft2d/fft2d.h"), dir.resolve("fft2d.h"));
        Path data = Files.copy(Home.fixture("fft2d/tp.pp"), dir.resolve("tp.pp"));
        Path machine = Files.copy(Home.fixture("machines/ksr1.machine"), dir.resolve("ksr1.machine"));
        Pipeline composer = new Pipeline(root.sources());
        Dag tpDag = composer.dag(List.of(tp), new Diagnostics());
        Dag dpDag = composer.dag(List.of(dp), new Diagnostics());
        String structures = DagColumns.sideBySide("tp.f: task parallel (Fig. 6.3)", tpDag,
                "dp.f: data parallel (Fig. 6.8)", dpDag);
        heading(o, "1. The two parallel structures");
        o.print(structures);

        // 2. lost cycles analysis of the measurements (the thesis' lca), one example shown
        MeasurementSet set = MeasurementFormats.read(data, Optional.empty(), root.sources());
        ModelFitter fitter = new ModelFitter(CandidateTable.defaults());
        FitResult example = Progress.step(root.err(), tty, "fitting", () -> fitter.fit(FitRequest.of(
                set.withTag("cffts").filter(m -> m.value("n").orElse(0) == 1024).measurements(), Category.LI, "p")));
        heading(o, "2. Fit: load imbalance of cffts against p at n = 1024 (" + set.size() + " measurements in tp.pp)");
        o.print(firstLines(FitText.render(example, "tp.pp", "tag=cffts, n=1024", Version.VERSION), 6));

        // 3. write every fragment's models into tp.f, and into dp.f (the models move with the code)
        Annotator annotator = new Annotator(root.sources(), CandidateTable.defaults());
        AnnotationPlan plan = Progress.step(root.err(), tty, "annotating tp.f", () -> annotator.plan(List.of(tp), set));
        AnnotationPlan moved = Progress.step(root.err(), tty, "annotating dp.f", () -> annotator.plan(List.of(dp), set));
        Annotator.write(plan);
        Annotator.write(moved);
        root.sources().register(SourceText.read(tp)); // the run has the texts before the models
        root.sources().register(SourceText.read(dp));
        heading(o, "3. Annotate: models fitted per fragment and written into tp.f (and the same into dp.f)");
        o.print(plan.report());

        // 4. compose both structures on the KSR1
        ComposeOptions options = ComposeOptions.defaults().withMachine(MachineDescriptionReader.read(machine, root.sources()));
        ComposedModel tpModel = Progress.step(root.err(), tty, "composing tp.f",
                () -> composer.compose(List.of(tp), options, new Diagnostics()));
        ComposedModel dpModel = Progress.step(root.err(), tty, "composing dp.f",
                () -> composer.compose(List.of(dp), options, new Diagnostics()));
        heading(o, "4. Compose on the KSR1 at n = 1024, p = 26 (itors = 16 from fft2d.h)");
        String composed = composedSummary("tp.f (measured in dp.f)", tpModel) + composedSummary("dp.f", dpModel);
        o.print(composed);

        // 5. compare over the thesis' range
        List<Alternative> models = new AlternativeLoader(root.sources(), options)
                .loadAll(List.of(tp.toString(), dp.toString()));
        Comparison comparison = Progress.step(root.err(), tty, "comparing",
                () -> new Comparer(CompareRequest.defaults().withRange("n=64:1024,p=1:32")
                        .withSymbolicTime(Duration.ofSeconds(2))).compare(models));
        CompareReport report = new CompareReport(comparison);
        Path reportDir = dir.resolve("report");
        Path compareMd = Progress.step(root.err(), tty, "writing the report", () -> report.writeFolder(reportDir));
        Path demoMd = reportDir.resolve("demo.md");
        Files.writeString(demoMd, demoMarkdown(structures, example, plan, composed, comparison, compareMd,
                why(tpModel, dpModel)));

        heading(o, "5. Compare tp.f and dp.f over n = 64..1024, p = 1..32");
        o.println(comparison.verdict().text());
        o.println(crossovers(comparison));
        o.println(why(tpModel, dpModel));
        o.println();
        o.println("Report: " + demoMd + " (with " + compareMd.getFileName() + " and its plots in " + reportDir + ")");
        o.println("Try:    ./lcm compose " + tp + " --machine " + machine + " --at n=1024,p=26 --explain");
        return ExitCode.OK;
    }

    private Path folder() throws IOException {
        if (out == null) {
            return Files.createTempDirectory("lcm-demo-");
        }
        if (Files.exists(out)) {
            try (var entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw UserError.of("--out " + out + ": the folder is not empty");
                }
            }
        }
        return Files.createDirectories(out);
    }

    /** A fixture copied into the demo folder without its {@code model:} lines. */
    private static Path copyWithoutModels(String fixture, Path dir) throws IOException {
        Path from = Home.fixture(fixture);
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
        Map<String, Double> v = values(m);
        StringBuilder b = new StringBuilder(title).append(": T_P = ")
                .append(String.format(Locale.ROOT, "%.2f s", v.get("time"))).append("   (lost cycles, processor-s:");
        for (Category c : Category.values()) {
            b.append(String.format(Locale.ROOT, " %s %.1f", c.key(), v.get(c.key())));
        }
        b.append(")\n");
        for (Transfer t : m.transfers()) {
            b.append("  transfer of ").append(t.item()).append(" from ").append(t.from()).append(" to ").append(t.to())
                    .append(": ").append(t.change().json()).append('\n');
        }
        return b.toString();
    }

    /** The two categories whose lost cycles differ most between the structures, at the demo's point. */
    private static String why(ComposedModel tp, ComposedModel dp) {
        Map<String, Double> a = values(tp);
        Map<String, Double> b = values(dp);
        List<Category> order = new ArrayList<>(List.of(Category.values()));
        order.sort((x, y) -> Double.compare(Math.abs(b.get(y.key()) - a.get(y.key())),
                Math.abs(b.get(x.key()) - a.get(x.key()))));
        StringBuilder s = new StringBuilder("Why, at n = 1024, p = 26: dp.f has ");
        for (int i = 0; i < 2; i++) {
            Category c = order.get(i);
            double d = b.get(c.key()) - a.get(c.key());
            s.append(i == 0 ? "" : " and ").append(String.format(Locale.ROOT, "%.0f processor-seconds %s %s (%s)",
                    Math.abs(d), d > 0 ? "more" : "less", c.title(), c.key()));
        }
        return s.append(" than tp.f.").toString();
    }

    private static Map<String, Double> values(ComposedModel m) {
        Map<String, Double> point = new LinkedHashMap<>(POINT);
        m.defaults().forEach(point::putIfAbsent);
        return new ComposeReport(m, Optional.of(point)).values();
    }

    private static String crossovers(Comparison c) {
        if (c.crossovers().isEmpty()) {
            return "No crossover in the range: the same structure is best everywhere.";
        }
        return c.crossovers().size() + " crossover point(s) on the grid lines; the best-structure map is in the report.";
    }

    private static String demoMarkdown(String structures, FitResult example, AnnotationPlan plan, String composed,
                                       Comparison comparison, Path compareMd, String whyText) {
        List<String> md = new ArrayList<>();
        md.add("# lcm demo: task parallel vs data parallel 2D FFT");
        md.add("");
        md.add("The walk-through of Crovella's thesis (sections 5.3 and 6.3) on lcm's bundled fixtures: the "
                + "fragments of the task parallel version were measured (`tp.pp`, synthetic), their models fitted "
                + "and written into both versions, each version composed on the KSR1, and the two compared.");
        md.add("");
        md.add("## Verdict");
        md.add("");
        md.add(comparison.verdict().text());
        md.add("");
        md.add(crossovers(comparison) + " " + whyText + " Details, tables and plots: [" + compareMd.getFileName()
                + "](" + compareMd.getFileName() + ").");
        md.add("");
        md.add("![time against p](compare-time.png)");
        md.add("");
        md.add("![best structure](compare-map.png)");
        md.add("");
        md.add("![lost cycles per category](compare-categories.png)");
        md.add("");
        md.add("## 1. The two structures");
        md.add("");
        md.add("```");
        md.add(structures.stripTrailing());
        md.add("```");
        md.add("");
        md.add("## 2. Fitting (lost cycles analysis)");
        md.add("");
        md.add("```");
        md.add(FitText.render(example, "tp.pp", "tag=cffts, n=1024", Version.VERSION).stripTrailing());
        md.add("```");
        md.add("");
        md.add("## 3. The models written into the sources");
        md.add("");
        md.add("```");
        md.add(plan.report().stripTrailing());
        md.add("```");
        md.add("");
        md.add("## 4. Composed on the KSR1 at n = 1024, p = 26, itors = 16");
        md.add("");
        md.add("```");
        md.add(composed.stripTrailing());
        md.add("```");
        md.add("");
        return String.join("\n", md);
    }
}

package lcm.cli;

import lcm.source.TempFiles;
import lcm.expr.NumberText;
import lcm.machine.MachineDescriptionReader;
import lcm.probe.ProbeRunFormat;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.pipeline.Pipeline;
import lcm.probe.MeasuredRuns;
import lcm.source.Diagnostics;
import lcm.source.UserError;
import lcm.values.Point;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.util.Arrays;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * {@code lcm validate FILE... --measured B.pp}: the composed model of the program FILE... (its
 * fragment models measured in another structure, {@code measured-in:}) against the runs lcm
 * measure recorded of it: predicted and measured time per point, relative errors, their median
 * and maximum, and a plot (docs/validation.md).
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

    @Option(names = "--measured", required = true, paramLabel = "PP",
            description = "pp file written by lcm measure for runs of this program (its run headers give the points "
                    + "and the measured times).")
    private Path measured;

    @Option(names = "--machine", paramLabel = "M", description = "Machine file for data transfers.")
    private Path machine;

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

    /** One point: where, predicted, measured; the categories predicted and measured (processor-seconds). */
    record Row(Map<String, Double> point, double predicted, double measured, Map<String, Double> predictedCategories,
               Map<String, Double> measuredCategories) {
        double error() {
            return (predicted - measured) / measured;
        }
    }

    @Override
    public Integer call() {
        List<MeasuredRuns.Run> runs = MeasuredRuns.read(measured);
        ComposeOptions options = ComposeOptions.defaults();
        if (machine != null) {
            options = options.withMachine(MachineDescriptionReader.read(machine, root.sources()));
        }
        Diagnostics diagnostics = new Diagnostics();
        ComposedModel model = new Pipeline(root.sources()).compose(files, options, diagnostics);
        root.warn(diagnostics.warnings());
        // runs at the same point: their median time
        Map<String, List<MeasuredRuns.Run>> byPoint = new TreeMap<>();
        for (MeasuredRuns.Run r : runs) {
            byPoint.computeIfAbsent(key(r.point()), k -> new ArrayList<>()).add(r);
        }
        List<Row> rows = new ArrayList<>();
        for (List<MeasuredRuns.Run> same : byPoint.values()) {
            Map<String, Double> point = new LinkedHashMap<>(model.defaults());
            if (vars != null) {
                point.putAll(vars.values());
            }
            point.putAll(same.get(0).point());
            for (String v : model.variables()) {
                if (!point.containsKey(v)) {
                    throw UserError.of(measured + ":" + same.get(0).line() + ": the run gives no value for " + v
                            + ", a variable of the model of " + files.get(0) + " (give it with lcm measure --vars)");
                }
            }
            Map<String, Double> at = model.withSyncValues(point, new ArrayList<>());
            double predicted = Evaluator.eval(model.time(), at);
            double time = median(same.stream().mapToDouble(MeasuredRuns.Run::time).toArray());
            Map<String, Double> predictedCats = new LinkedHashMap<>();
            Map<String, Double> measuredCats = new LinkedHashMap<>();
            if (categories) {
                ComposedModel.PointValues values = model.evaluate(point);
                for (String c : CATEGORIES) {
                    predictedCats.put(c, values.categories().get(Category.valueOf(c.toUpperCase(Locale.ROOT))));
                    measuredCats.put(c, median(same.stream().mapToDouble(r -> r.categories().getOrDefault(c, 0.0))
                            .toArray()));
                }
            }
            rows.add(new Row(same.get(0).point(), predicted, time, predictedCats, measuredCats));
        }
        for (Row r : rows) {
            if (!(r.predicted() >= 0) || Double.isInfinite(r.predicted())) {
                // a suspicious prediction is never printed silently
                root.err().println("lcm: warning: the predicted time at " + NumberText.point(r.point()) + " is "
                        + (Double.isNaN(r.predicted()) ? "not a number" : NumberText.plain(r.predicted()) + " s")
                        + ": a fragment model is negative or not finite there (a fit that undershoots its data, or "
                        + "one evaluated outside the range it was fitted on; lcm compose --at with --explain shows "
                        + "which); the point's error is printed as it is");
            }
        }
        rows.sort((a, b) -> {
            int c = Double.compare(a.point().getOrDefault("p", 0.0), b.point().getOrDefault("p", 0.0));
            return c != 0 ? c : Double.compare(a.point().getOrDefault(x, 0.0), b.point().getOrDefault(x, 0.0));
        });
        root.out().print(table(rows));
        if (categories) {
            root.out().print(categoryTable(rows));
        }
        if (plot != null) {
            writePlot(rows);
            root.err().println("lcm validate: plot written to " + plot);
        }
        return ExitCode.OK;
    }

    private static String key(Map<String, Double> point) {
        return new TreeMap<>(point).toString();
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    static String table(List<Row> rows) {
        StringBuilder b = new StringBuilder();
        List<String> vars = new ArrayList<>(rows.get(0).point().keySet());
        for (String v : vars) {
            b.append(String.format(Locale.ROOT, "%8s", v));
        }
        b.append(String.format(Locale.ROOT, "%14s%14s%10s%n", "predicted s", "measured s", "error"));
        double[] abs = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            for (String v : vars) {
                b.append(String.format(Locale.ROOT, "%8s", ProbeRunFormat.number(r.point().getOrDefault(v, Double.NaN))));
            }
            b.append(String.format(Locale.ROOT, "%14.4f%14.4f%+9.1f%%%n", r.predicted(), r.measured(), 100 * r.error()));
            abs[i] = Math.abs(r.error());
        }
        double max = Arrays.stream(abs).max().orElse(0);
        b.append(String.format(Locale.ROOT, "%d points: median |error| %.1f %%, max |error| %.1f %%%n", rows.size(),
                100 * median(abs), 100 * max));
        return b.toString();
    }

    private static final List<String> CATEGORIES = List.of("pc", "li", "ip", "sl");

    /**
     * Per point and category: predicted / measured processor-seconds, and the measured time
     * outside every fragment, p x time - the categories' sum (time the model has no fragment for).
     */
    static String categoryTable(List<Row> rows) {
        StringBuilder b = new StringBuilder("categories in processor-seconds, predicted / measured "
                + "(outside: p x measured time - the measured categories' sum)\n");
        List<String> vars = new ArrayList<>(rows.get(0).point().keySet());
        for (String v : vars) {
            b.append(String.format(Locale.ROOT, "%8s", v));
        }
        for (String c : CATEGORIES) {
            b.append(String.format(Locale.ROOT, "%20s", c));
        }
        b.append(String.format(Locale.ROOT, "%10s%n", "outside"));
        for (Row r : rows) {
            for (String v : vars) {
                b.append(String.format(Locale.ROOT, "%8s", ProbeRunFormat.number(r.point().getOrDefault(v, Double.NaN))));
            }
            double sum = 0;
            for (String c : CATEGORIES) {
                double m = r.measuredCategories().getOrDefault(c, 0.0);
                sum += m;
                b.append(String.format(Locale.ROOT, "%20s", String.format(Locale.ROOT, "%.4f / %.4f",
                        r.predictedCategories().getOrDefault(c, 0.0), m)));
            }
            b.append(String.format(Locale.ROOT, "%10.4f%n", r.point().getOrDefault("p", 1.0) * r.measured() - sum));
        }
        return b.toString();
    }

    private void writePlot(List<Row> rows) {
        XYChart chart = new XYChartBuilder().width(800).height(500).title("predicted and measured time")
                .xAxisTitle(x).yAxisTitle("time (s)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        Map<Double, List<Row>> byP = new TreeMap<>();
        for (Row r : rows) {
            byP.computeIfAbsent(r.point().getOrDefault("p", 1.0), k -> new ArrayList<>()).add(r);
        }
        byP.forEach((p, all) -> {
            // a log plot shows positive values only
            List<Row> list = all.stream().filter(r -> r.predicted() > 0 && r.measured() > 0
                    && r.point().getOrDefault(x, 0.0) > 0).toList();
            if (list.isEmpty()) {
                return;
            }
            double[] xs = list.stream().mapToDouble(r -> r.point().getOrDefault(x, 0.0)).toArray();
            String label = "p=" + ProbeRunFormat.number(p);
            chart.addSeries("predicted " + label, xs, list.stream().mapToDouble(Row::predicted).toArray())
                    .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            chart.addSeries("measured " + label, xs, list.stream().mapToDouble(Row::measured).toArray())
                    .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        });
        try {
            Path tmp = TempFiles.beside(plot, ".png");
            BitmapEncoder.saveBitmap(chart, tmp.toString().replaceFirst("\\.png$", ""), BitmapEncoder.BitmapFormat.PNG);
            Files.move(tmp, plot, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw UserError.of(plot + ": cannot write: " + e.getMessage());
        }
    }
}

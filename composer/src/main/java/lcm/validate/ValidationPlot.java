package lcm.validate;

import lcm.probe.ProbeRunFormat;
import lcm.source.TempFiles;
import lcm.source.UserError;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The plot of a {@link Validation}: predicted (lines) and measured (points) time against x, one pair per p, log axes. */
public final class ValidationPlot {

    private ValidationPlot() {
    }

    /** Writes the plot to {@code plot} (PNG), atomically. */
    public static void write(List<ValidationRow> rows, String x, Path plot) {
        XYChart chart = new XYChartBuilder().width(800).height(500).title("predicted and measured time")
                .xAxisTitle(x).yAxisTitle("time (s)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        Map<Double, List<ValidationRow>> byP = new TreeMap<>();
        for (ValidationRow r : rows) {
            byP.computeIfAbsent(r.point().getOrDefault("p", 1.0), k -> new ArrayList<>()).add(r);
        }
        byP.forEach((p, all) -> {
            // a log plot shows positive values only
            List<ValidationRow> list = all.stream().filter(r -> r.predicted() > 0 && r.measured() > 0
                    && r.point().getOrDefault(x, 0.0) > 0).toList();
            if (list.isEmpty()) {
                return;
            }
            double[] xs = list.stream().mapToDouble(r -> r.point().getOrDefault(x, 0.0)).toArray();
            String label = "p=" + ProbeRunFormat.number(p);
            chart.addSeries("predicted " + label, xs, list.stream().mapToDouble(ValidationRow::predicted).toArray())
                    .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            chart.addSeries("measured " + label, xs, list.stream().mapToDouble(ValidationRow::measured).toArray())
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

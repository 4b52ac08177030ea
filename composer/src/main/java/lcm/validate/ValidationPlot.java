package lcm.validate;

import lcm.expr.NumberText;
import lcm.source.AtomicOutput;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The thesis' Figure 6.5 style plot of a validation: predicted time against one variable, one
 * line per p (with the ends of the 90 % interval as dashed lines where there is one), measured times as
 * markers. Logarithmic axes; points that are not positive are left out.
 */
public final class ValidationPlot {

    private ValidationPlot() {
    }

    public static void write(ValidationResult r, String x, Path png) {
        XYChart chart = new XYChartBuilder().width(800).height(500).title("predicted and measured time")
                .xAxisTitle(x).yAxisTitle("time (s)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        Map<Double, List<ValidationRow>> byP = new TreeMap<>();
        for (ValidationRow p : r.points()) {
            byP.computeIfAbsent(p.point().getOrDefault("p", 1.0), k -> new ArrayList<>()).add(p);
        }
        byP.forEach((p, all) -> {
            List<ValidationRow> list = all.stream().filter(q -> q.predicted().value() > 0 && q.measured().time() > 0
                    && q.point().getOrDefault(x, 0.0) > 0).sorted((a, b) -> Double.compare(a.point().get(x),
                    b.point().get(x))).toList();
            if (list.isEmpty()) {
                return;
            }
            double[] xs = list.stream().mapToDouble(q -> q.point().get(x)).toArray();
            double[] ys = list.stream().mapToDouble(q -> q.predicted().value()).toArray();
            String label = "p=" + NumberText.plain(p);
            chart.addSeries("predicted " + label, xs, ys).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            if (list.stream().allMatch(q -> q.predicted().hasInterval() && q.predicted().low() > 0)) {
                // the 90 % interval's ends as dashed lines (they need not be symmetric about the prediction)
                for (boolean low : new boolean[] {true, false}) {
                    XYSeries end = chart.addSeries((low ? "90 % low " : "90 % high ") + label, xs, list.stream()
                            .mapToDouble(q -> low ? q.predicted().low() : q.predicted().high()).toArray());
                    end.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    end.setMarker(SeriesMarkers.NONE);
                    end.setLineStyle(SeriesLines.DASH_DASH);
                }
            }
            chart.addSeries("measured " + label, xs, list.stream().mapToDouble(q -> q.measured().time()).toArray())
                    .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        });
        // XChart adds the extension to the name it is given
        AtomicOutput.file(png, ".png", tmp -> BitmapEncoder.saveBitmap(chart, tmp.toString().replaceFirst("\\.png$", ""),
                BitmapEncoder.BitmapFormat.PNG));
    }
}

package lcm.validate;

import lcm.expr.NumberText;
import lcm.source.AtomicOutput;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The plot of a validation, as performance papers draw one: time against one variable, one colour
 * per p for all of its elements: the predicted time as a line (in the legend, "p = 2"), its 90 %
 * interval as a band of the same colour where there is one, and each measured point as a marker
 * at the median of its runs with a bar from the fastest run to the slowest. The x axis has the
 * measured values as its labelled ticks where they are all powers of 2: a log-2 axis (powers
 * evenly spaced, each labelled with its n), else a logarithmic one. The y axis is logarithmic; points that are not
 * positive are left out.
 */
public final class ValidationPlot {

    /** One colour per p, in p order (distinct for the eye, also printed in grey). */
    private static final Color[] COLOURS = {new Color(0, 114, 178), new Color(213, 94, 0), new Color(0, 158, 115),
        new Color(204, 121, 167), new Color(86, 180, 233), new Color(230, 159, 0), new Color(0, 0, 0),
        new Color(240, 228, 66)};

    private ValidationPlot() {
    }

    public static void write(ValidationResult r, String x, Path png) {
        XYChart chart = chart(r, x);
        // XChart adds the extension to the name it is given
        AtomicOutput.file(png, ".png", tmp -> BitmapEncoder.saveBitmap(chart, tmp.toString().replaceFirst("\\.png$", ""),
                BitmapEncoder.BitmapFormat.PNG));
    }

    /** The chart {@link #write} saves. */
    static XYChart chart(ValidationResult r, String x) {
        XYChart chart = new XYChartBuilder().width(800).height(500)
                .title("predicted (line, 90 % band) and measured (median, fastest to slowest run)")
                .xAxisTitle(x).yAxisTitle("time (s)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        Map<Double, List<ValidationRow>> byP = new TreeMap<>();
        TreeSet<Double> measured = new TreeSet<>();
        for (ValidationRow p : r.points()) {
            double at = p.point().getOrDefault(x, 0.0);
            if (p.predicted().value() > 0 && p.measured().time() > 0 && at > 0) {
                byP.computeIfAbsent(p.point().getOrDefault("p", 1.0), k -> new ArrayList<>()).add(p);
                measured.add(at);
            }
        }
        boolean log2 = !measured.isEmpty() && measured.stream().allMatch(ValidationPlot::powerOfTwo);
        Function<Double, Double> axis = log2 ? v -> Math.log(v) / Math.log(2) : v -> v;
        if (log2) {
            // XChart puts the ticks at the x values when they are equally spaced (powers 6, 7, 8, ...: the
            // measured n), else at round steps; its labels must differ from each other
            chart.setCustomXAxisTickLabelsFormatter(ticks());
        } else {
            chart.getStyler().setXAxisLogarithmic(true);
        }
        int k = 0;
        for (Map.Entry<Double, List<ValidationRow>> e : byP.entrySet()) {
            Color colour = COLOURS[k++ % COLOURS.length];
            List<ValidationRow> list = e.getValue().stream().sorted((a, b) -> Double.compare(a.point().get(x),
                    b.point().get(x))).toList();
            String label = "p = " + NumberText.plain(e.getKey());
            double[] xs = list.stream().mapToDouble(q -> axis.apply(q.point().get(x))).toArray();
            if (list.stream().allMatch(q -> q.predicted().hasInterval() && q.predicted().low() > 0)) {
                // the 90 % interval as a band: along the low ends, back along the high ones
                int n = xs.length;
                double[] bx = new double[2 * n];
                double[] by = new double[2 * n];
                for (int i = 0; i < n; i++) {
                    bx[i] = xs[i];
                    by[i] = list.get(i).predicted().low();
                    bx[2 * n - 1 - i] = xs[i];
                    by[2 * n - 1 - i] = list.get(i).predicted().high();
                }
                XYSeries band = chart.addSeries("90 % interval, " + label, bx, by);
                band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
                band.setMarker(SeriesMarkers.NONE);
                band.setFillColor(new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 60));
                band.setLineColor(new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 0));
                band.setShowInLegend(false);
            }
            XYSeries predicted = chart.addSeries(label, xs, list.stream().mapToDouble(q -> q.predicted().value()).toArray());
            predicted.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            predicted.setMarker(SeriesMarkers.NONE);
            predicted.setLineColor(colour);
            predicted.setLineStyle(SeriesLines.SOLID);
            for (int i = 0; i < list.size(); i++) {
                MeasuredPoint m = list.get(i).measured();
                XYSeries range = chart.addSeries("runs " + label + " at " + NumberText.plain(list.get(i).point().get(x)),
                        new double[] {xs[i], xs[i]}, new double[] {m.fastest(), m.slowest()});
                range.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                range.setMarker(SeriesMarkers.NONE);
                range.setLineColor(colour);
                range.setLineStyle(SeriesLines.SOLID);
                range.setShowInLegend(false);
            }
            XYSeries median = chart.addSeries("measured " + label, xs, list.stream().mapToDouble(q -> q.measured().time()).toArray());
            median.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            median.setMarker(SeriesMarkers.CIRCLE);
            median.setMarkerColor(colour);
            median.setShowInLegend(false);
        }
        return chart;
    }

    /** The x tick labels of a log-2 axis: the value of n at each tick (64 at 6), 3 digits between powers. */
    static Function<Double, String> ticks() {
        return v -> Math.abs(v - Math.rint(v)) < 1e-9 ? NumberText.plain(Math.pow(2, Math.rint(v)))
                : NumberText.digits(Math.pow(2, v), 3);
    }

    private static boolean powerOfTwo(double v) {
        double l = Math.log(v) / Math.log(2);
        return Math.abs(l - Math.rint(l)) < 1e-9;
    }
}

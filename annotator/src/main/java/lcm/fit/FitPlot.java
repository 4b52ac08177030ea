package lcm.fit;

import org.knowm.xchart.style.Styler;
import lcm.expr.NumberText;
import lcm.expr.CompiledExpr;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.stream.IntStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code lcm fit -g PLOT}: PLOT.png and PLOT.svg with XChart. One variable: the measurements
 * (every repetition, and each point's mean with a bar over its spread, min .. max; on log-log
 * axes, where XChart cannot draw bars, the repetitions show the spread), the selected
 * model as a thick black line and the other candidates as thin dashed ones (the thesis'
 * "chi-by-eye", Fig. 5.3). Log-log axes on request (positive data), else a logarithmic x axis
 * when x spans a factor of 20 or more. Several variables:
 * the quantity against the first variable, one group of points per combination of the others
 * (at most {@value #GROUPS}), each with the selected model's curve.
 */
public final class FitPlot {

    static final int CURVES = 10;
    static final int GROUPS = 6;
    private static final int SAMPLES = 200;

    private FitPlot() {
    }

    /** Writes {@code base}.png and {@code base}.svg; returns the two paths. */
    public static List<Path> write(FitResult r, Path base, String title) throws IOException {
        return write(r, base, title, false);
    }

    /** As {@link #write(FitResult, Path, String)}, with both axes logarithmic when {@code logLog}. */
    public static List<Path> write(FitResult r, Path base, String title, boolean logLog) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = chart(r, title, logLog);
        String b = base.toString();
        BitmapEncoder.saveBitmap(chart, b, BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, b, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return List.of(Path.of(b + ".png"), Path.of(b + ".svg"));
    }

    static XYChart chart(FitResult r, String title) {
        return chart(r, title, false);
    }

    static XYChart chart(FitResult r, String title, boolean logLog) {
        Series s = r.series();
        String first = r.variables().get(0);
        XYChart chart = new XYChartBuilder().width(900).height(600).title(title).xAxisTitle(first)
                .yAxisTitle(r.quantity()).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        double[] d = s.distinct(0);
        boolean positive = s.points() > 0 && IntStream.range(0, s.points()).allMatch(i -> s.min(i) > 0);
        boolean log = d[0] > 0 && (logLog || d[d.length - 1] / d[0] >= 20);
        chart.getStyler().setXAxisLogarithmic(log);
        chart.getStyler().setYAxisLogarithmic(logLog && positive);
        double[] grid = grid(d[0], d[d.length - 1], log);
        if (r.variables().size() == 1) {
            double[] x = new double[s.rows()];
            double[] y = new double[s.rows()];
            for (int i = 0; i < s.rows(); i++) {
                x[i] = s.rowX(i)[0];
                y[i] = s.rowY(i);
            }
            scatter(chart, "measured", x, y);
            double[] px = new double[s.points()];
            double[] mean = new double[s.points()];
            double[] spread = new double[s.points()];
            for (int i = 0; i < s.points(); i++) {
                px[i] = s.pointX(i)[0];
                mean[i] = s.centre(i);
                spread[i] = Math.max(s.centre(i) - s.min(i), s.max(i) - s.centre(i));
            }
            if (s.hasRepetitions() && !(logLog && positive)) {
                XYSeries means = chart.addSeries("mean (bar: min .. max)", px, mean, spread);
                means.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                chart.getStyler().setErrorBarsColorSeriesColor(true);
            }
            int n = 0;
            Fit selected = r.best().orElse(null);
            for (Fit f : r.fits()) {
                if (f.ok() && n < CURVES) {
                    n++;
                    XYSeries c = curve(chart, (f == selected ? "selected: " : n + ": ") + shorten(f.model().text()), f, grid,
                            new double[] {0});
                    if (c != null && f == selected) {
                        c.setLineColor(Color.BLACK);
                        c.setLineStyle(new BasicStroke(3f));
                    } else if (c != null) {
                        c.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                                10f, new float[] {6f, 4f}, 0f));
                    }
                }
            }
            return chart;
        }
        Map<List<Double>, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < s.rows(); i++) {
            List<Double> key = new ArrayList<>();
            for (int v = 1; v < r.variables().size(); v++) {
                key.add(s.rowX(i)[v]);
            }
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
        }
        List<List<Double>> keys = new ArrayList<>(groups.keySet());
        int step = Math.max(1, (int) Math.ceil(keys.size() / (double) GROUPS));
        for (int g = 0; g < keys.size(); g += step) {
            List<Double> key = keys.get(g);
            StringBuilder label = new StringBuilder();
            for (int v = 1; v < r.variables().size(); v++) {
                label.append(v == 1 ? "" : ", ").append(r.variables().get(v)).append('=').append(NumberText.digits(key.get(v - 1), 6));
            }
            List<Integer> rows = groups.get(key);
            scatter(chart, "measured " + label, rows.stream().mapToDouble(i -> s.rowX(i)[0]).toArray(),
                    rows.stream().mapToDouble(s::rowY).toArray());
            if (r.best().isPresent()) {
                double[] env = new double[r.variables().size()];
                for (int v = 1; v < env.length; v++) {
                    env[v] = key.get(v - 1);
                }
                curve(chart, "model " + label, r.best().get(), grid, env);
            }
        }
        return chart;
    }

    private static void scatter(XYChart chart, String name, double[] x, double[] y) {
        XYSeries series = chart.addSeries(name, x, y);
        series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    }

    /** The fit's model along the first variable, the others fixed as in {@code env}. */
    private static XYSeries curve(XYChart chart, String name, Fit f, double[] grid, double[] env) {
        CompiledExpr model = CompiledExpr.compile(f.model(), f.candidate().variables());
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        double[] at = env.clone();
        for (double x : grid) {
            at[0] = x;
            double y = model.eval(at);
            if (Double.isFinite(y) && (y > 0 || !chart.getStyler().isYAxisLogarithmic())) {
                xs.add(x);
                ys.add(y);
            }
        }
        if (xs.size() < 2) {
            return null;
        }
        XYSeries series = chart.addSeries(name, xs, ys);
        series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        series.setMarker(SeriesMarkers.NONE);
        return series;
    }

    private static double[] grid(double lo, double hi, boolean log) {
        double[] out = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            double t = i / (double) (SAMPLES - 1);
            out[i] = log ? Math.exp(Math.log(lo) + t * (Math.log(hi) - Math.log(lo))) : lo + t * (hi - lo);
        }
        out[SAMPLES - 1] = hi;
        return out;
    }

    private static String shorten(String s) {
        return s.length() <= 70 ? s : s.substring(0, 67) + "...";
    }
}

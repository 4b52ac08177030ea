package lcm.compare;

import lcm.expr.NumberText;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Font;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/**
 * T_P against the column axis (p when it ranges): one line per model and shown row value,
 * colour by model, dash pattern by row; crossovers marked with black diamonds. The relative
 * form divides by the least T_P of all models at each point, so that the best model runs
 * along 1 and the others show by how much they are slower.
 */
final class TimePlot {

    static final int SAMPLES = 300;

    private TimePlot() {
    }

    static XYChart chart(Comparison c, boolean relative) {
        Domain d = c.domain();
        Axis col = d.column();
        String rowVar = d.row().map(Axis::variable).orElse(null);
        XYChart chart = new XYChartBuilder().width(PlotStyle.WIDTH).height(PlotStyle.HEIGHT)
                .title((relative ? "T_P relative to the best model, against " : "T_P against ") + col.variable()
                        + fixedText(c)).xAxisTitle(col.variable())
                .yAxisTitle(relative ? "T_P / least T_P of all models" : "T_P (seconds)").build();
        PlotStyle.axes(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisDecimalPattern("#,##0.###");
        CompiledModels models = new CompiledModels(c.fixed(), d);
        double[] x = new double[d.order().size()];
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        List<double[]> labels = new ArrayList<>();
        for (int r = 0; r < c.rows().size(); r++) {
            Comparison.RowView row = c.rows().get(r);
            if (x.length > 1) {
                x[1] = row.row();
            }
            double labelY = Double.NaN;
            for (int m = 0; m < models.size(); m++) {
                List<Double> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                for (int i = 0; i < SAMPLES; i++) {
                    x[0] = sample(col, i);
                    double t = models.time(m, x) / (relative ? least(models, x) : 1);
                    if (Double.isFinite(t) && t > 0) {
                        xs.add(x[0]);
                        ys.add(t);
                        lo = Math.min(lo, t);
                        hi = Math.max(hi, t);
                    }
                }
                if (xs.size() < 2) {
                    continue;
                }
                double end = ys.get(ys.size() - 1);
                labelY = Double.isNaN(labelY) ? end : Math.max(labelY, end);
                String name = c.models().get(m).name() + (rowVar == null ? "" : ", " + rowVar + " = " + NumberText.plain(row.row()));
                XYSeries s = chart.addSeries(PlotStyle.seriesName(chart.getSeriesMap().keySet(), name, m), xs, ys);
                s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                s.setMarker(SeriesMarkers.NONE);
                s.setLineColor(PlotStyle.model(m));
                s.setLineStyle(PlotStyle.line(r));
            }
            if (rowVar != null && !relative && !Double.isNaN(labelY)) {
                labels.add(new double[] {row.row(), labelY});
            }
        }
        List<Double> cx = new ArrayList<>();
        List<Double> cy = new ArrayList<>();
        for (Comparison.RowView row : c.rows()) {
            for (Crossover k : row.crossovers()) {
                x[0] = k.value();
                if (x.length > 1) {
                    x[1] = row.row();
                }
                double t = relative ? 1 : models.time(k.below(), x);
                if (Double.isFinite(t) && t > 0) {
                    cx.add(k.value());
                    cy.add(t);
                }
            }
        }
        if (!cx.isEmpty()) {
            XYSeries s = chart.addSeries("crossover", cx, cy);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(new SizedMarker(SizedMarker.Shape.DIAMOND, 13));
            s.setMarkerColor(Color.BLACK);
        }
        boolean log = !relative && lo > 0 && hi / lo >= 20;
        chart.getStyler().setYAxisLogarithmic(log);
        // name each row above the right end of its curves: dash patterns alone are hard to tell apart
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        for (double[] l : labels) {
            double y = log ? l[1] * 1.35 : l[1] + 0.04 * (hi - lo);
            chart.addAnnotation(new AnnotationText(rowVar + " = " + NumberText.plain(l[0]),
                    col.to() - 0.07 * (col.to() - col.from()), y, false));
        }
        return chart;
    }

    /**
     * Sample {@code i} of the column axis: geometrically spaced when the axis is positive (denser
     * where 1/p changes fastest; also keeps XChart from placing ticks on the samples), else even.
     */
    static double sample(Axis col, int i) {
        if (i == SAMPLES - 1) {
            return col.to();
        }
        double t = i / (double) (SAMPLES - 1);
        return col.from() > 0 ? col.from() * Math.pow(col.to() / col.from(), t) : col.from() + (col.to() - col.from()) * t;
    }

    private static double least(CompiledModels models, double[] x) {
        int b = models.best(x);
        return b < 0 ? Double.NaN : models.time(b, x);
    }

    static String fixedText(Comparison c) {
        if (c.domain().fixed().isEmpty()) {
            return "";
        }
        return " (" + NumberText.point(c.domain().fixed()) + ")";
    }
}

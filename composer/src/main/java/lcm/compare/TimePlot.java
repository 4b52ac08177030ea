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
        if (col.integer()) {
            PlotStyle.integerTicks(chart.getStyler());
        }
        CompiledModels models = new CompiledModels(c.fixed(), d);
        double[] columnSamples = samples(col);
        double[] x = new double[d.order().size()];
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        double[] candidates = new double[LineLabels.CANDIDATES.length];
        for (int k = 0; k < candidates.length; k++) {
            candidates[k] = nearest(columnSamples, col.from() + LineLabels.CANDIDATES[k] * (col.to() - col.from()));
        }
        List<LineLabels.Row> labelRows = new ArrayList<>();
        for (int r = 0; r < c.rows().size(); r++) {
            Comparison.RowView row = c.rows().get(r);
            if (x.length > 1) {
                x[1] = row.row();
            }
            List<double[]> atCandidates = new ArrayList<>();
            for (int m = 0; m < models.size(); m++) {
                List<Double> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                for (double v : columnSamples) {
                    x[0] = v;
                    double t = models.time(m, x) / (relative ? least(models, x) : 1);
                    if (Double.isFinite(t) && t > 0) {
                        xs.add(x[0]);
                        ys.add(t);
                        lo = Math.min(lo, t);
                        hi = Math.max(hi, t);
                    }
                }
                double[] at = new double[candidates.length];
                for (int k = 0; k < candidates.length; k++) {
                    x[0] = candidates[k];
                    double t = models.time(m, x);
                    at[k] = Double.isFinite(t) && t > 0 ? t : Double.NaN;
                }
                atCandidates.add(at);
                if (xs.size() < 2) {
                    continue;
                }
                String name = c.models().get(m).name() + (rowVar == null ? "" : ", " + rowVar + " = " + NumberText.plain(row.row()));
                XYSeries s = chart.addSeries(PlotStyle.seriesName(chart.getSeriesMap().keySet(), name, m), xs, ys);
                s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                // a run's processors are integers: their few values are drawn as points on the lines
                s.setMarker(col.integer() && xs.size() <= MARKED ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
                s.setMarkerColor(PlotStyle.model(m));
                s.setLineColor(PlotStyle.model(m));
                s.setLineStyle(PlotStyle.line(r));
            }
            if (rowVar != null && !relative) {
                labelRows.add(new LineLabels.Row(rowVar + " = " + NumberText.plain(row.row()),
                        atCandidates.toArray(new double[0][])));
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
        if (log) {
            PlotStyle.logLabels(chart.getStyler(), lo, hi);
        }
        // name each row on its own line, where the line is farthest from the others: dash
        // patterns alone are hard to tell apart
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        if (lo < hi) {
            for (LineLabels.Label l : LineLabels.place(labelRows, candidates, lo, hi, log, PlotStyle.PLOT_HEIGHT)) {
                chart.addAnnotation(new AnnotationText(l.text(), l.x(), l.y(), false));
            }
        }
        return chart;
    }

    /** Points of an integer axis drawn with markers, at most. */
    static final int MARKED = 40;

    /**
     * The values of the column axis the lines are drawn through: every processor count of an
     * integer axis (a run's processors are integers: no line passes through p = 1.05), else
     * {@value #SAMPLES} samples.
     */
    static double[] samples(Axis col) {
        if (col.integer()) {
            return col.values();
        }
        double[] out = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            out[i] = sample(col, i);
        }
        return out;
    }

    private static double nearest(double[] values, double v) {
        double best = values[0];
        for (double x : values) {
            if (Math.abs(x - v) < Math.abs(best - v)) {
                best = x;
            }
        }
        return best;
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

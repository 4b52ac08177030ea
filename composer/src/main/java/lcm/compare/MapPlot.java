package lcm.compare;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/**
 * The best-structure map: the grid (sampled to at most {@value #COLUMNS} x {@value #ROWS} cells)
 * as coloured squares, one colour per model, and the crossovers on the grid lines as black dots.
 */
final class MapPlot {

    static final int COLUMNS = 80;
    static final int ROWS = 50;
    static final int MAX_DOTS = 600;

    private MapPlot() {
    }

    static XYChart chart(Comparison c) {
        Domain d = c.domain();
        Axis col = d.column();
        Axis row = d.row().orElseThrow();
        XYChart chart = new XYChartBuilder().width(PlotStyle.WIDTH).height(PlotStyle.HEIGHT)
                .title("Best structure" + TimePlot.fixedText(c)).xAxisTitle(col.variable()).yAxisTitle(row.variable()).build();
        PlotStyle.axes(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        Cells cols = Cells.of(col, COLUMNS);
        Cells rows = Cells.of(row, ROWS);
        if (col.integer()) {
            PlotStyle.integerTicks(chart.getStyler());
        }
        chart.getStyler().setXAxisMin(cols.low());
        chart.getStyler().setXAxisMax(cols.high());
        chart.getStyler().setYAxisMin(rows.low());
        chart.getStyler().setYAxisMax(rows.high());
        chart.getStyler().setYAxisLogarithmic(rows.log());
        CompiledModels models = new CompiledModels(c.fixed(), d);
        double[] x = new double[2];
        List<List<Double>> xs = new ArrayList<>();
        List<List<Double>> ys = new ArrayList<>();
        for (int m = 0; m < models.size(); m++) {
            xs.add(new ArrayList<>());
            ys.add(new ArrayList<>());
        }
        for (double cx : cols.centres()) {
            for (double cy : rows.centres()) {
                x[0] = cx;
                x[1] = cy;
                int b = models.best(x);
                if (b >= 0) {
                    xs.get(b).add(cx);
                    ys.get(b).add(cy);
                }
            }
        }
        // the plot area is about the chart less its title, axes and legend; cells overlap by a pixel
        double cellW = Math.ceil((PlotStyle.WIDTH - 110) / (double) cols.centres().length) + 2;
        double cellH = Math.ceil((PlotStyle.HEIGHT - 170) / (double) rows.centres().length) + 2;
        for (int m = 0; m < models.size(); m++) {
            if (xs.get(m).isEmpty()) {
                continue;
            }
            String name = PlotStyle.seriesName(chart.getSeriesMap().keySet(), c.models().get(m).name() + " best", m);
            XYSeries s = chart.addSeries(name + " ", xs.get(m), ys.get(m));
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(new SizedMarker(SizedMarker.Shape.RECT, cellW, cellH));
            s.setMarkerColor(lighter(PlotStyle.model(m)));
            s.setShowInLegend(false);
            // the legend's entry: one point of ordinary size on a cell of the same colour
            XYSeries key = chart.addSeries(name, List.of(xs.get(m).get(0)), List.of(ys.get(m).get(0)));
            key.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            key.setMarker(SeriesMarkers.SQUARE);
            key.setMarkerColor(lighter(PlotStyle.model(m)));
        }
        List<Double> cx = new ArrayList<>();
        List<Double> cy = new ArrayList<>();
        int step = Math.max(1, c.crossovers().size() / MAX_DOTS);
        for (int i = 0; i < c.crossovers().size(); i += step) {
            Crossover k = c.crossovers().get(i);
            cx.add(k.at().get(col.variable()));
            cy.add(k.at().get(row.variable()));
        }
        if (!cx.isEmpty()) {
            XYSeries s = chart.addSeries("crossovers", cx, cy);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(new SizedMarker(SizedMarker.Shape.DOT, 4));
            s.setMarkerColor(Color.BLACK);
        }
        return chart;
    }

    /**
     * The cells along one axis: for a run's processors one cell per processor count (at most
     * {@code limit}, evenly chosen), each a unit wide around its integer; for given samples
     * (a list, a geometric range) one cell per sample; else {@code limit} even cells. A
     * geometric axis is drawn logarithmic, so that its cells are of one size.
     */
    record Cells(double[] centres, double low, double high, boolean log) {

        static Cells of(Axis a, int limit) {
            if (a.integer()) {
                double[] v = a.values();
                double[] centres = v.length <= limit ? v : pick(v, limit);
                return new Cells(centres, a.from() - 0.5, a.to() + 0.5, false);
            }
            if (a.sampled() && a.points() <= limit && geometric(a.values())) {
                double[] v = a.values();
                double half = Math.sqrt(v[1] / v[0]);
                return new Cells(v, v[0] / half, v[v.length - 1] * half, true);
            }
            int n = Math.min(limit, a.points());
            double[] centres = new double[n];
            double w = (a.to() - a.from()) / n;
            for (int i = 0; i < n; i++) {
                centres[i] = a.from() + (i + 0.5) * w;
            }
            return new Cells(centres, a.from(), a.to(), false);
        }

        private static double[] pick(double[] v, int limit) {
            double[] out = new double[limit];
            for (int i = 0; i < limit; i++) {
                out[i] = v[(int) Math.round(i * (v.length - 1) / (double) (limit - 1))];
            }
            return out;
        }

        private static boolean geometric(double[] v) {
            if (v.length < 2 || v[0] <= 0) {
                return false;
            }
            double r = v[1] / v[0];
            for (int i = 2; i < v.length; i++) {
                if (Math.abs(v[i] / v[i - 1] - r) > 1e-9 * r) {
                    return false;
                }
            }
            return r > 1;
        }
    }

    private static Color lighter(Color c) {
        return new Color((c.getRed() + 255) / 2, (c.getGreen() + 255) / 2, (c.getBlue() + 255) / 2);
    }
}

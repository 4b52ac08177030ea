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
        Grid g = c.grid();
        Domain d = c.domain();
        Axis col = d.column();
        Axis row = d.row().orElseThrow();
        XYChart chart = new XYChartBuilder().width(PlotStyle.WIDTH).height(PlotStyle.HEIGHT)
                .title("Best structure" + TimePlot.fixedText(c)).xAxisTitle(col.variable()).yAxisTitle(row.variable()).build();
        PlotStyle.axes(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        int cols = Math.min(COLUMNS, g.columns());
        int rows = Math.min(ROWS, g.rows());
        double dx = (col.to() - col.from()) / cols;
        double dy = (row.to() - row.from()) / rows;
        chart.getStyler().setXAxisMin(col.from());
        chart.getStyler().setXAxisMax(col.to());
        chart.getStyler().setYAxisMin(row.from());
        chart.getStyler().setYAxisMax(row.to());
        CompiledModels models = new CompiledModels(c.fixed(), d);
        double[] x = new double[2];
        List<List<Double>> xs = new ArrayList<>();
        List<List<Double>> ys = new ArrayList<>();
        for (int m = 0; m < models.size(); m++) {
            xs.add(new ArrayList<>());
            ys.add(new ArrayList<>());
        }
        for (int i = 0; i < cols; i++) {
            for (int j = 0; j < rows; j++) {
                x[0] = col.from() + (i + 0.5) * dx;
                x[1] = row.from() + (j + 0.5) * dy;
                int b = models.best(x);
                if (b >= 0) {
                    xs.get(b).add(x[0]);
                    ys.get(b).add(x[1]);
                }
            }
        }
        // plot area is about the chart less its title, axes and legend
        double cellW = (PlotStyle.WIDTH - 110) / (double) cols;
        double cellH = (PlotStyle.HEIGHT - 170) / (double) rows;
        chart.getStyler().setMarkerSize((int) Math.ceil(Math.max(cellW, cellH)) + 1);
        for (int m = 0; m < models.size(); m++) {
            if (xs.get(m).isEmpty()) {
                continue;
            }
            XYSeries s = chart.addSeries(PlotStyle.seriesName(chart.getSeriesMap().keySet(),
                    c.models().get(m).name() + " best", m), xs.get(m), ys.get(m));
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.SQUARE);
            s.setMarkerColor(lighter(PlotStyle.model(m)));
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

    private static Color lighter(Color c) {
        return new Color((c.getRed() + 255) / 2, (c.getGreen() + 255) / 2, (c.getBlue() + 255) / 2);
    }
}

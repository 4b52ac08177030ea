package lcm.compare;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plots' axes: a run's processors are integers on every axis and grid, a log axis is
 * labelled between its decades when it spans few, a row's label sits on its own line.
 */
class PlotAxesTest {

    /** The demo's case: n over powers of two, p from 1 to 2. */
    private static Comparison demoLike() {
        return TestModels.compare(List.of(TestModels.of("a", "2e-7*n^2/p + 0.02"), TestModels.of("b", "2.1e-7*n^2/p + 0.019")),
                "n=64:1024:*2,p=1:2");
    }

    @Test
    void timeCurvesAlongPPassOnlyThroughProcessorCounts() {
        XYChart chart = TimePlot.chart(demoLike(), false);
        List<Double> xs = new ArrayList<>();
        for (XYSeries s : chart.getSeriesMap().values()) {
            if (!s.getName().equals("crossover")) {
                Arrays.stream(s.getXData()).forEach(xs::add);
            }
        }
        assertEquals(List.of(1.0, 2.0), xs.stream().distinct().sorted().toList());
        // a tick between two processor counts has no label
        assertEquals("", chart.getStyler().getxAxisTickLabelsFormattingFunction().apply(1.05));
        assertEquals("2", chart.getStyler().getxAxisTickLabelsFormattingFunction().apply(2.0));
        assertEquals("1", chart.getStyler().getxAxisTickLabelsFormattingFunction().apply(0.7 + 0.1 + 0.1 + 0.1));
    }

    @Test
    void aLogAxisOfTwoDecadesOrLessIsLabelledBetweenItsDecades() {
        // T_P from 0.0204 s (n = 64, p = 2) to 0.86 s (n = 2048, p = 1): a ratio of 42, drawn logarithmic
        Comparison twoDecades = TestModels.compare(List.of(TestModels.of("a", "2e-7*n^2/p + 0.02"),
                TestModels.of("b", "2.1e-7*n^2/p + 0.019")), "n=64:2048:*2,p=1:2");
        XYChart chart = TimePlot.chart(twoDecades, false);
        assertTrue(chart.getStyler().isYAxisLogarithmic());
        assertFalse(chart.getStyler().isYAxisLogarithmicDecadeOnly());
        Comparison wide = TestModels.compare(List.of(TestModels.of("a", "1e-9*n^4/p"), TestModels.of("b", "2e-9*n^4/p")),
                "n=10:10000:*10,p=1:4");
        assertTrue(TimePlot.chart(wide, false).getStyler().isYAxisLogarithmicDecadeOnly());
    }

    @Test
    void eachRowsLabelSitsJustAboveItsOwnLine() {
        // two rows whose curves end close together on the right and lie far apart on the left
        List<LineLabels.Row> rows = List.of(
                new LineLabels.Row("n = 64", new double[][] {{1.0, 1.0, 1.0}}),
                new LineLabels.Row("n = 128", new double[][] {{1.02, 1.5, 3.0}}));
        double[] xs = {3, 2, 1};
        List<LineLabels.Label> labels = LineLabels.place(rows, xs, 1.0, 3.0, false, 500);
        // n = 64 goes where n = 128's line is farthest above it (x = 1), n = 128 has no line above it
        assertEquals(1.0, labels.get(0).x());
        assertEquals(1.0 + LineLabels.RAISE_PIXELS / 500 * 2.0, labels.get(0).y(), 1e-12);
        assertEquals(3.0, labels.get(1).x());
        // on a log axis the raise is a factor
        assertEquals(2.0 * Math.pow(10, LineLabels.RAISE_PIXELS / 500), LineLabels.raise(2.0, 1, 10, true, 500), 1e-12);
    }

    @Test
    void theMapHasOneCellPerProcessorCountAndOneRowPerShownN() {
        MapPlot.Cells p = MapPlot.Cells.of(Axis.of("p", new double[] {1, 2}, true), MapPlot.COLUMNS);
        assertEquals(List.of(1.0, 2.0), Arrays.stream(p.centres()).boxed().toList());
        assertEquals(0.5, p.low());
        assertEquals(2.5, p.high());
        MapPlot.Cells n = MapPlot.Cells.of(Axis.of("n", new double[] {64, 128, 256, 512, 1024}, false), MapPlot.ROWS);
        assertEquals(List.of(64.0, 128.0, 256.0, 512.0, 1024.0), Arrays.stream(n.centres()).boxed().toList());
        assertTrue(n.log());
        XYChart map = MapPlot.chart(demoLike());
        for (XYSeries s : map.getSeriesMap().values()) {
            Arrays.stream(s.getXData()).forEach(x -> assertTrue(x == 1.0 || x == 2.0 || s.getName().equals("crossovers"),
                    s.getName() + " at p = " + x));
        }
    }
}

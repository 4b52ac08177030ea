package lcm.validate;

import lcm.probe.MeasuredRuns;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The validation plot: one colour and one legend entry per p, bands, run ranges, the measured n as ticks. */
class ValidationPlotTest {

    @TempDir
    Path dir;

    private static MeasuredRuns.Run run(Map<String, Double> point, double time) {
        return new MeasuredRuns.Run(point, time, 1, Map.of(), Double.NaN, 0, time, OptionalDouble.empty(), 0);
    }

    /** n = 64 .. 512 at p = 1 and 2: predicted n/p ms with a +-10 % interval, two runs at +-5 %. */
    private static ValidationResult result() {
        List<ValidationRow> rows = new ArrayList<>();
        for (double p : new double[] {1, 2}) {
            for (double n : new double[] {64, 128, 256, 512}) {
                Map<String, Double> point = Map.of("n", n, "p", p);
                double t = n / p / 1000;
                rows.add(new ValidationRow(point, new Interval(t, 0.9 * t, 1.1 * t),
                        new MeasuredPoint(point, List.of(run(point, 0.95 * t), run(point, 1.05 * t))), Map.of(),
                        Optional.empty(), Map.of()));
            }
        }
        return new ValidationResult(rows, List.of(), List.of(), 0, 0, 0, Optional.empty(), Optional.empty());
    }

    @Test
    void onePerPInTheLegendAndOneColourForAllItsElements() throws Exception {
        XYChart chart = ValidationPlot.chart(result(), "n");
        Map<String, XYSeries> series = chart.getSeriesMap();
        // per p: the band, the predicted line, 4 run ranges, the medians
        assertEquals(14, series.size(), series.keySet().toString());
        assertEquals(List.of("p = 1", "p = 2"), series.values().stream().filter(XYSeries::isShowInLegend)
                .map(XYSeries::getName).toList());
        for (String p : List.of("p = 1", "p = 2")) {
            java.awt.Color colour = series.get(p).getLineColor();
            assertEquals(colour, series.get("measured " + p).getMarkerColor());
            assertEquals(colour, series.get("runs " + p + " at 128").getLineColor());
            java.awt.Color band = series.get("90 % interval, " + p).getFillColor();
            assertEquals(List.of(colour.getRed(), colour.getGreen(), colour.getBlue()),
                    List.of(band.getRed(), band.getGreen(), band.getBlue()));
            assertEquals(XYSeries.XYSeriesRenderStyle.PolygonArea, series.get("90 % interval, " + p).getXYSeriesRenderStyle());
        }
        assertTrue(!series.get("p = 1").getLineColor().equals(series.get("p = 2").getLineColor()));
        // the run range at n = 128, p = 2: from the fastest run, 0.95 x 64 ms, to the slowest, 1.05 x 64 ms, at log2(128) = 7
        XYSeries range = series.get("runs p = 2 at 128");
        assertEquals(List.of(7.0, 7.0), List.of(range.getXData()[0], range.getXData()[1]));
        assertEquals(0.0608, range.getYData()[0], 1e-12);
        assertEquals(0.0672, range.getYData()[1], 1e-12);
        Path png = dir.resolve("v.png");
        ValidationPlot.write(result(), "n", png);
        assertTrue(Files.size(png) > 1000);
    }

    @Test
    void theMeasuredPowersOfTwoAreTheLabelledTicks() {
        // x is log2(n): XChart puts the ticks at the equally spaced x values, each labelled with its n
        XYChart chart = ValidationPlot.chart(result(), "n");
        assertEquals(List.of(6.0, 7.0, 8.0, 9.0), java.util.Arrays.stream(chart.getSeriesMap().get("p = 1").getXData())
                .boxed().toList());
        var ticks = ValidationPlot.ticks();
        assertEquals(List.of("64", "128", "256", "512"), List.of(ticks.apply(6.0), ticks.apply(7.0), ticks.apply(8.0),
                ticks.apply(9.0)));
        assertEquals("90.5", ticks.apply(6.5));
    }
}

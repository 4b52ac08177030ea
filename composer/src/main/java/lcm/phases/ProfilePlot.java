package lcm.phases;

import lcm.source.AtomicOutput;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.nio.file.StandardCopyOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Draws an execution profile with XChart (as {@code lcm fit -g} does): busy processors over
 * time, the processors lost to each category, optionally the smoothed profile and phase
 * boundaries (vertical lines). Written as PNG, atomically.
 */
public final class ProfilePlot {

    private ProfilePlot() {
    }

    public static void write(Path png, String title, Profile profile, double[] smoothed, List<Phase> phases) {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(1000).height(560).title(title)
                .xAxisTitle("time from the trace's start (s)").yAxisTitle("processors").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        double[] t = profile.times();
        for (int i = 0; i < t.length; i++) {
            t[i] -= profile.start();
        }
        line(chart, "busy", t, profile.busy());
        for (Map.Entry<String, double[]> e : profile.lost().entrySet()) {
            line(chart, "lost: " + e.getKey(), t, e.getValue());
        }
        if (smoothed != null) {
            line(chart, "busy, smoothed", t, smoothed);
        }
        if (phases != null) {
            for (int i = 1; i < phases.size(); i++) {
                double x = phases.get(i).start() - profile.start();
                XYSeries s = chart.addSeries("boundary " + i, new double[] {x, x},
                        new double[] {0, profile.processors()});
                s.setMarker(SeriesMarkers.NONE);
                s.setLineColor(Color.GRAY);
                s.setShowInLegend(false);
            }
        }
        AtomicOutput.file(png, temp -> {
            Path base = temp.resolveSibling(temp.getFileName() + "-plot");
            BitmapEncoder.saveBitmap(chart, base.toString(), BitmapEncoder.BitmapFormat.PNG);
            Files.move(Path.of(base + ".png"), temp, StandardCopyOption.REPLACE_EXISTING);
        });
    }

    private static void line(XYChart chart, String name, double[] x, double[] y) {
        XYSeries s = chart.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
    }
}

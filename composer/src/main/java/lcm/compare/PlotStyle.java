package lcm.compare;

import org.knowm.xchart.style.AxesChartStyler;
import lcm.annotation.Category;
import org.knowm.xchart.style.Styler;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;

/** Colours, strokes and fonts shared by compare's plots: readable on paper and screen, colour-blind safe. */
final class PlotStyle {

    static final int WIDTH = 1000;
    static final int HEIGHT = 650;
    /** About the height of the plot area of a chart of {@link #HEIGHT} (less title and x axis). */
    static final double PLOT_HEIGHT = HEIGHT - 120;

    /** Okabe-Ito colours, one per model. */
    private static final Color[] MODELS = {
        new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
        new Color(0xE69F00), new Color(0x56B4E9), new Color(0xF0E442), new Color(0x000000)};

    /** One colour per category, pure computation darkest (the lowest segment of a bar). */
    private static final Color[] CATEGORIES = {
        new Color(0x4D4D4D), new Color(0xE69F00), new Color(0x56B4E9), new Color(0x009E73),
        new Color(0xD55E00), new Color(0xCC79A7)};

    private static final float[][] DASHES = {null, {10f, 6f}, {3f, 4f}, {12f, 4f, 3f, 4f}, {20f, 6f}, {2f, 2f}};

    private PlotStyle() {
    }

    /**
     * A series name not yet in {@code taken}: a model given twice ({@code compare a.lcm a.lcm})
     * has one name twice, and a chart's series names must differ; the later gets its letter.
     */
    static String seriesName(java.util.Set<String> taken, String name, int m) {
        return taken.contains(name) ? name + " (" + AsciiMap.letter(m) + ")" : name;
    }

    static Color model(int m) {
        return MODELS[m % MODELS.length];
    }

    static Color category(Category c) {
        return CATEGORIES[c.ordinal() % CATEGORIES.length];
    }

    /** A stroke per shown row: solid, dashed, dotted, ... */
    static BasicStroke line(int row) {
        float[] dash = DASHES[row % DASHES.length];
        return dash == null ? new BasicStroke(2.2f)
                : new BasicStroke(2.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }

    static void apply(Styler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderColor(new Color(0x999999));
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        s.setLegendBorderColor(new Color(0xCCCCCC));
        s.setChartTitleBoxVisible(false);
        s.setAntiAlias(true);
    }

    static void axes(AxesChartStyler s) {
        apply(s);
        s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
        s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        s.setPlotGridLinesColor(new Color(0xE5E5E5));
    }

    /**
     * An axis of a run's processors: labels only at whole numbers (XChart puts its ticks on the
     * values when they are evenly spaced, as p = 1, 2, ... are; anywhere else a tick between two
     * processor counts gets no label).
     */
    static void integerTicks(AxesChartStyler s) {
        // (a tick XChart computes as a multiple of its step may miss the integer by a rounding error)
        s.setxAxisTickLabelsFormattingFunction(v -> Math.abs(v - Math.rint(v)) < 1e-9 ? String.valueOf((long) Math.rint(v)) : "");
    }

    /**
     * A logarithmic y axis labelled at each decade and between (1, 2, ..., 9 times a power of
     * ten) when it spans two decades or less; wider, at each decade (three or more labels).
     */
    static void logLabels(AxesChartStyler s, double lo, double hi) {
        s.setYAxisLogarithmicDecadeOnly(hi / lo > 100);
    }
}

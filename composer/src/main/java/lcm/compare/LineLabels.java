package lcm.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * Where to write each row's label ({@code n = 64}) so that it sits on its own line: at the
 * candidate x where the row's upper curve is farthest, in pixels, from every other row's
 * curves, just above that curve. Distances are measured on the plot's own scale (logarithmic
 * or linear), so that the label of a low curve on a log axis is not placed beside a high one.
 */
final class LineLabels {

    /** Candidate positions along the column axis, as fractions of it: right end first. */
    static final double[] CANDIDATES = {0.92, 0.8, 0.68, 0.56, 0.44, 0.32, 0.2, 0.08};
    /** How far above its line the middle of a label is, in pixels of the plot's height. */
    static final double RAISE_PIXELS = 11;

    /** A placed label: its text at (x, y) in data units. */
    record Label(String text, double x, double y) {
    }

    /** One row's curves: the times of each of its lines at the candidate positions (NaN where none). */
    record Row(String text, double[][] times) {
    }

    private LineLabels() {
    }

    /**
     * The labels of {@code rows}, placed on a plot whose y axis spans {@code [lo, hi]}
     * ({@code log} when logarithmic) over {@code heightPixels}; {@code xs} are the candidate
     * x values, one per {@link #CANDIDATES} entry.
     */
    static List<Label> place(List<Row> rows, double[] xs, double lo, double hi, boolean log, double heightPixels) {
        List<Label> out = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            int bestK = -1;
            double bestGap = -1;
            double bestY = Double.NaN;
            for (int k = 0; k < xs.length; k++) {
                double top = top(rows.get(r).times(), k);
                if (Double.isNaN(top)) {
                    continue;
                }
                double gap = Double.POSITIVE_INFINITY;
                for (int o = 0; o < rows.size(); o++) {
                    if (o == r) {
                        continue;
                    }
                    for (double[] line : rows.get(o).times()) {
                        double t = line[k];
                        if (!Double.isNaN(t) && t >= top) {
                            // a label sits above its line: what matters is the room up to the next line
                            gap = Math.min(gap, pixels(t, lo, hi, log, heightPixels) - pixels(top, lo, hi, log, heightPixels));
                        }
                    }
                }
                if (gap > bestGap + 1e-9) {
                    bestGap = gap;
                    bestK = k;
                    bestY = top;
                }
            }
            if (bestK >= 0) {
                out.add(new Label(rows.get(r).text(), xs[bestK], raise(bestY, lo, hi, log, heightPixels)));
            }
        }
        return out;
    }

    /** The highest of a row's lines at candidate {@code k}. */
    private static double top(double[][] lines, int k) {
        double top = Double.NaN;
        for (double[] line : lines) {
            if (!Double.isNaN(line[k]) && (Double.isNaN(top) || line[k] > top)) {
                top = line[k];
            }
        }
        return top;
    }

    /** The pixel height of {@code y} above the bottom of the plot. */
    static double pixels(double y, double lo, double hi, boolean log, double heightPixels) {
        double f = log ? Math.log(y / lo) / Math.log(hi / lo) : (y - lo) / (hi - lo);
        return f * heightPixels;
    }

    /** {@code y} moved up by {@link #RAISE_PIXELS} on the plot's scale. */
    static double raise(double y, double lo, double hi, boolean log, double heightPixels) {
        double f = RAISE_PIXELS / heightPixels;
        return log ? y * Math.pow(hi / lo, f) : y + f * (hi - lo);
    }
}

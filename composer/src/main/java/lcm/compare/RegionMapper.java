package lcm.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The best-structure map as rectangles (docs/compare.md, "Regions"). Each grid row is cut into
 * intervals of the column axis, one per run of the same best model, with the cuts placed by
 * bisection. Neighbouring rows with the same models in the same order and the same cuts (to
 * 1e-6 relative) merge into one rectangle. Where two rectangles meet along the row axis, the
 * edge is the bisected crossover when every column agrees on it (a boundary parallel to the
 * column axis), else halfway between the two rows.
 */
public final class RegionMapper {

    static final double SAME = 1e-6;

    private final Domain domain;
    private final Grid grid;
    private final Bisection bisection;

    public RegionMapper(Domain domain, Grid grid, CompiledModels models) {
        this.domain = domain;
        this.grid = grid;
        this.bisection = new Bisection(models, domain.order().size());
    }

    /** One row's runs: {@code models[i]} is best on {@code [cuts[i], cuts[i+1]]}. */
    private record Runs(int[] models, double[] cuts) {
        boolean sameAs(Runs o, double span) {
            if (!Arrays.equals(models, o.models)) {
                return false;
            }
            for (int i = 1; i + 1 < cuts.length; i++) {
                if (!close(cuts[i], o.cuts[i], span)) {
                    return false;
                }
            }
            return true;
        }
    }

    public List<Region> regions() {
        Axis column = domain.column();
        List<Runs> rows = new ArrayList<>();
        for (int r = 0; r < grid.rows(); r++) {
            rows.add(runs(r));
        }
        double rowSpan = domain.row().map(a -> a.to() - a.from()).orElse(1.0);
        List<Region> out = new ArrayList<>();
        int start = 0;
        double lower = domain.row().map(Axis::from).orElse(Double.NaN);
        for (int r = 1; r <= rows.size(); r++) {
            if (r < rows.size() && rows.get(r).sameAs(rows.get(start), column.to() - column.from())) {
                continue;
            }
            double upper = r == rows.size() ? domain.row().map(Axis::to).orElse(Double.NaN) : rowEdge(r - 1, rowSpan);
            Runs g = rows.get(start);
            for (int i = 0; i < g.models.length; i++) {
                if (g.models[i] < 0) {
                    continue;
                }
                double from = g.cuts[i];
                double to = g.cuts[i + 1];
                if (column.integer()) {
                    // integer p: the model is best from the integer after the cut below to the one at or before the cut above
                    from = i == 0 ? from : Math.floor(from) + 1;
                    to = i + 1 == g.models.length ? to : Math.floor(to);
                    if (from > to) {
                        continue; // best only between two neighbouring integers: at no processor count
                    }
                }
                Map<String, Region.Interval> extent = new LinkedHashMap<>();
                for (Axis a : domain.axes()) {
                    extent.put(a.variable(), a == column ? new Region.Interval(from, to) : new Region.Interval(lower, upper));
                }
                out.add(new Region(g.models[i], extent));
            }
            start = r;
            lower = upper;
        }
        return out;
    }

    private Runs runs(int r) {
        int cols = grid.columns();
        int[] best = grid.best();
        List<Integer> models = new ArrayList<>();
        List<Double> cuts = new ArrayList<>();
        cuts.add(domain.column().from());
        models.add(best[r * cols]);
        double rowValue = grid.rowValue(r);
        for (int c = 1; c < cols; c++) {
            int b = best[r * cols + c];
            int last = models.get(models.size() - 1);
            if (b != last) {
                double cut = last >= 0 && b >= 0
                        ? bisection.along(0, grid.columnValue(c - 1), grid.columnValue(c), last, rowValue)
                        : (grid.columnValue(c - 1) + grid.columnValue(c)) / 2;
                cuts.add(cut);
                models.add(b);
            }
        }
        cuts.add(domain.column().to());
        return new Runs(models.stream().mapToInt(Integer::intValue).toArray(),
                cuts.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The edge between grid rows {@code r} and {@code r + 1}. */
    private double rowEdge(int r, double span) {
        int cols = grid.columns();
        double lo = grid.rowValue(r);
        double hi = grid.rowValue(r + 1);
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        int n = 0;
        for (int c = 0; c < cols; c++) {
            int below = grid.best()[r * cols + c];
            int above = grid.best()[(r + 1) * cols + c];
            if (below != above && below >= 0 && above >= 0) {
                double e = bisection.along(1, lo, hi, below, grid.columnValue(c));
                min = Math.min(min, e);
                max = Math.max(max, e);
                sum += e;
                n++;
            }
        }
        return n > 0 && close(min, max, span) ? sum / n : (lo + hi) / 2;
    }

    static boolean close(double a, double b, double span) {
        return Math.abs(a - b) <= SAME * Math.max(Math.max(Math.abs(a), Math.abs(b)), 1e-3 * span);
    }
}

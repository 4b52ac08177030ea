package lcm.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds where the best model changes. Between two neighbouring samples of a line with
 * different best models, {@link Bisection} places the change. Two changes between the same two
 * samples (a model that wins only inside one grid step) are not seen: the grid step is the
 * resolution.
 */
public final class CrossoverFinder {

    private final Domain domain;
    private final Bisection bisection;

    public CrossoverFinder(Domain domain, CompiledModels models) {
        this.domain = domain;
        this.bisection = new Bisection(models, domain.order().size());
    }

    /**
     * Every change on the grid: along the column axis in each row, then along the row axis
     * between each pair of neighbouring rows.
     */
    public List<Crossover> onGrid(Grid grid) {
        List<Crossover> out = new ArrayList<>();
        int cols = grid.columns();
        int rows = grid.rows();
        int[] best = grid.best();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c + 1 < cols; c++) {
                int left = best[r * cols + c];
                int right = best[r * cols + c + 1];
                if (left != right && left >= 0 && right >= 0) {
                    out.add(locate(0, grid.columnValue(c), grid.columnValue(c + 1), left, grid.rowValue(r)));
                }
            }
        }
        if (domain.row().isPresent()) {
            // row by row, so that memory is read in order
            for (int r = 0; r + 1 < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    int below = best[r * cols + c];
                    int above = best[(r + 1) * cols + c];
                    if (below != above && below >= 0 && above >= 0) {
                        out.add(locate(1, grid.rowValue(r), grid.rowValue(r + 1), below, grid.columnValue(c)));
                    }
                }
            }
        }
        return out;
    }

    /** The changes along the column axis at one value of the row axis (ignored without one), sampled like the grid. */
    public List<Crossover> alongColumn(double rowValue) {
        List<Crossover> out = new ArrayList<>();
        Axis column = domain.column();
        int left = bisection.best(0, column.value(0), rowValue);
        for (int c = 1; c < column.points(); c++) {
            int right = bisection.best(0, column.value(c), rowValue);
            if (left != right && left >= 0 && right >= 0) {
                out.add(locate(0, column.value(c - 1), column.value(c), left, rowValue));
            }
            left = right;
        }
        return out;
    }

    private Crossover locate(int k, double lo, double hi, int left, double other) {
        double at = bisection.along(k, lo, hi, left, other);
        double width = Bisection.TOLERANCE * Math.max(Math.abs(lo), Math.abs(hi));
        int right = bisection.best(k, Math.min(hi, at + width), other);
        if (right == left) {
            right = bisection.best(k, hi, other);
        }
        Map<String, Double> point = new LinkedHashMap<>();
        List<String> order = domain.order();
        for (Axis a : domain.axes()) {
            int idx = order.indexOf(a.variable());
            point.put(a.variable(), idx == k ? at : other);
        }
        Axis axis = domain.axis(order.get(k)).orElseThrow();
        if (!axis.integer()) {
            return new Crossover(point, left, right, order.get(k));
        }
        // the winner changes between two neighbouring integers: the one at or below the root and the next
        double lower = Math.min(Math.floor(at), hi - 1);
        return new Crossover(point, left, right, order.get(k), lower, lower + 1);
    }
}

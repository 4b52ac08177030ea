package lcm.compare;

/**
 * T_P of every model on the domain's grid and the best model at each point. Point
 * {@code (row, column)} is at index {@code row * columns + column}. The arrays are not copied:
 * treat them as read-only.
 *
 * @param times     {@code times[model][index]}
 * @param best      the best model at each point (-1 where no model is finite)
 * @param nonFinite points where each model is not a finite number
 */
public record Grid(Domain domain, double[][] times, int[] best, int[] nonFinite) {

    public int rows() {
        return domain.rows();
    }

    public int columns() {
        return domain.columns();
    }

    public int index(int row, int column) {
        return row * columns() + column;
    }

    public int size() {
        return best.length;
    }

    public double columnValue(int column) {
        return domain.column().value(column);
    }

    /** The row axis' value of {@code row}; NaN without a row axis. */
    public double rowValue(int row) {
        return domain.row().map(a -> a.value(row)).orElse(Double.NaN);
    }

    /** Grid points each model wins. */
    public int[] wins() {
        int[] out = new int[times.length];
        for (int b : best) {
            if (b >= 0) {
                out[b]++;
            }
        }
        return out;
    }

    /** {least, greatest} finite T_P of model {@code m} on the grid (NaN, NaN if none). */
    public double[] range(int m) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double t : times[m]) {
            if (Double.isFinite(t)) {
                lo = Math.min(lo, t);
                hi = Math.max(hi, t);
            }
        }
        return lo <= hi ? new double[] {lo, hi} : new double[] {Double.NaN, Double.NaN};
    }

    /** A time a comparison may use: finite and not negative. */
    public static boolean usable(double t) {
        return Double.isFinite(t) && t >= 0;
    }

    /** Evaluates the compiled models on the domain's grid, reusing one point array. */
    public static Grid evaluate(Domain domain, CompiledModels models) {
        int rows = domain.rows();
        int cols = domain.columns();
        int models1 = models.size();
        double[][] times = new double[models1][rows * cols];
        int[] best = new int[rows * cols];
        int[] nonFinite = new int[models1];
        double[] x = new double[domain.order().size()];
        Axis column = domain.column();
        double[] columnValues = new double[cols];
        for (int c = 0; c < cols; c++) {
            columnValues[c] = column.value(c);
        }
        for (int r = 0; r < rows; r++) {
            if (x.length > 1) {
                x[1] = domain.row().get().value(r);
            }
            for (int c = 0; c < cols; c++) {
                x[0] = columnValues[c];
                int i = r * cols + c;
                int b = -1;
                double bt = Double.POSITIVE_INFINITY;
                for (int m = 0; m < models1; m++) {
                    double t = models.time(m, x);
                    times[m][i] = t;
                    if (!usable(t)) {
                        nonFinite[m]++; // negative or not finite: no verdict is built on it
                    } else if (b < 0 || t < bt) {
                        b = m;
                        bt = t;
                    }
                }
                best[i] = b;
            }
        }
        return new Grid(domain, times, best, nonFinite);
    }
}

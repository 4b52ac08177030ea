package lcm.fit;

import lcm.measure.Measurement;

import java.util.function.IntPredicate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The measurements of one quantity against some variables, ready to fit: every measurement (a
 * row), and the distinct points (variable tuples) with the mean, spread and count of their
 * repeated measurements. Fits use all rows; the point view gives the same least-squares
 * solution with far less work (identical rows share one design row, weighted by their count),
 * and leave-one-point-out cross-validation leaves out all repetitions of a point together.
 */
public final class Series {

    private final List<String> variables;
    private final double[][] rowX;
    private final double[] rowY;
    private final double[][] pointX;
    private final double[] mean;
    private final double[] min;
    private final double[] max;
    private final int[] reps;
    private final double ssWithin;
    private final double tss;
    private final double noise;
    private final double relativeNoise;
    private final PointKey key;

    /** Identifies a set of points with their repetition counts, for caching designs. */
    public record PointKey(double[] x, int[] reps) {
        @Override
        public boolean equals(Object o) {
            return o instanceof PointKey k && Arrays.equals(x, k.x) && Arrays.equals(reps, k.reps);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(x) + Arrays.hashCode(reps);
        }

        @Override
        public String toString() {
            return Arrays.toString(x) + " x " + Arrays.toString(reps);
        }
    }

    private Series(List<String> variables, double[][] rowX, double[] rowY) {
        this.variables = List.copyOf(variables);
        this.rowX = rowX;
        this.rowY = rowY;
        int v = variables.size();
        Map<List<Double>, List<Integer>> groups = new HashMap<>();
        for (int r = 0; r < rowY.length; r++) {
            List<Double> k = new ArrayList<>(v);
            for (double x : rowX[r]) {
                k.add(x);
            }
            groups.computeIfAbsent(k, q -> new ArrayList<>()).add(r);
        }
        List<List<Double>> order = new ArrayList<>(groups.keySet());
        order.sort(Series::compareTuples);
        int g = order.size();
        pointX = new double[g][];
        mean = new double[g];
        min = new double[g];
        max = new double[g];
        reps = new int[g];
        double within = 0;
        double sum = 0;
        double varianceOfMeans = 0;
        double relativeVariance = 0;
        int repeated = 0;
        for (int i = 0; i < g; i++) {
            List<Integer> rows = groups.get(order.get(i));
            pointX[i] = rowX[rows.get(0)].clone();
            double s = 0;
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (int r : rows) {
                s += rowY[r];
                lo = Math.min(lo, rowY[r]);
                hi = Math.max(hi, rowY[r]);
            }
            reps[i] = rows.size();
            mean[i] = s / rows.size();
            min[i] = lo;
            max[i] = hi;
            double w = 0;
            for (int r : rows) {
                w += (rowY[r] - mean[i]) * (rowY[r] - mean[i]);
            }
            within += w;
            if (rows.size() > 1) {
                double vm = w / (rows.size() - 1) / rows.size();
                varianceOfMeans += vm;
                relativeVariance += mean[i] == 0 ? 0 : vm / (mean[i] * mean[i]);
                repeated++;
            }
            sum += s;
        }
        double grand = rowY.length == 0 ? 0 : sum / rowY.length;
        double t = 0;
        for (double y : rowY) {
            t += (y - grand) * (y - grand);
        }
        ssWithin = within;
        tss = t;
        noise = repeated == 0 ? 0 : Math.sqrt(varianceOfMeans / repeated);
        relativeNoise = repeated == 0 ? 0 : Math.sqrt(relativeVariance / repeated);
        double[] flat = new double[g * v];
        for (int i = 0; i < g; i++) {
            System.arraycopy(pointX[i], 0, flat, i * v, v);
        }
        key = new PointKey(flat, reps.clone());
    }

    private static int compareTuples(List<Double> a, List<Double> b) {
        for (int i = 0; i < a.size(); i++) {
            int c = Double.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Rows from arrays: {@code x[row][variable]}, {@code y[row]}. */
    public static Series of(List<String> variables, double[][] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x has " + x.length + " rows, y " + y.length);
        }
        double[][] copy = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            if (x[i].length != variables.size()) {
                throw new IllegalArgumentException("row " + i + " has " + x[i].length + " values for " + variables.size() + " variables");
            }
            copy[i] = x[i].clone();
        }
        return new Series(variables, copy, y.clone());
    }

    /** The measurements that have {@code quantity} and every variable (the others are left out). */
    public static Series of(List<Measurement> measurements, String quantity, List<String> variables) {
        List<double[]> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (Measurement m : measurements) {
            Double y = m.values().get(quantity);
            if (y == null) {
                continue;
            }
            double[] x = new double[variables.size()];
            boolean all = true;
            for (int i = 0; i < x.length; i++) {
                Double v = m.values().get(variables.get(i));
                if (v == null) {
                    all = false;
                    break;
                }
                x[i] = v;
            }
            if (all) {
                xs.add(x);
                ys.add(y);
            }
        }
        return new Series(variables, xs.toArray(new double[0][]), ys.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The rows whose point satisfies {@code keep} (by point index). */
    public Series subset(IntPredicate keepPoint) {
        List<double[]> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        Map<List<Double>, Integer> index = new HashMap<>();
        for (int i = 0; i < pointX.length; i++) {
            index.put(tuple(pointX[i]), i);
        }
        for (int r = 0; r < rowY.length; r++) {
            if (keepPoint.test(index.get(tuple(rowX[r])))) {
                xs.add(rowX[r]);
                ys.add(rowY[r]);
            }
        }
        return new Series(variables, xs.toArray(new double[0][]), ys.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The same rows with only the variable at {@code index}. */
    public Series project(int index) {
        double[][] xs = new double[rowX.length][];
        for (int r = 0; r < rowX.length; r++) {
            xs[r] = new double[] {rowX[r][index]};
        }
        return new Series(List.of(variables.get(index)), xs, rowY.clone());
    }

    private static List<Double> tuple(double[] x) {
        List<Double> k = new ArrayList<>(x.length);
        for (double v : x) {
            k.add(v);
        }
        return k;
    }

    public List<String> variables() {
        return variables;
    }

    /** Number of measurements (rows). */
    public int rows() {
        return rowY.length;
    }

    /** Number of distinct points. */
    public int points() {
        return pointX.length;
    }

    public double[] pointX(int point) {
        return pointX[point];
    }

    public double mean(int point) {
        return mean[point];
    }

    public double min(int point) {
        return min[point];
    }

    public double max(int point) {
        return max[point];
    }

    public int reps(int point) {
        return reps[point];
    }

    public double[] rowX(int row) {
        return rowX[row];
    }

    public double rowY(int row) {
        return rowY[row];
    }

    double[] means() {
        return mean;
    }

    int[] repsArray() {
        return reps;
    }

    /** Sum of squares of the repetitions around their point means: the part no form can explain. */
    public double ssWithin() {
        return ssWithin;
    }

    /**
     * The measurement noise of the point means: the root mean square of their standard errors
     * (s / sqrt(r)) over the points measured more than once; 0 without repetitions. Forms whose
     * cross-validation errors differ by less than this cannot be told apart by these data.
     */
    public double noise() {
        return noise;
    }

    /** {@link #noise()} relative to the point means: the RMS of s / (sqrt(r) |mean|) over repeated points. */
    public double relativeNoise() {
        return relativeNoise;
    }

    /** Total sum of squares around the grand mean (the denominator of R²). */
    public double tss() {
        return tss;
    }

    /** The largest absolute point mean: the scale below which differences are rounding. */
    public double scale() {
        double s = 0;
        for (double m : mean) {
            s = Math.max(s, Math.abs(m));
        }
        return s;
    }

    /** The distinct values of variable {@code index}, ascending. */
    public double[] distinct(int index) {
        return Arrays.stream(pointX).mapToDouble(x -> x[index]).distinct().sorted().toArray();
    }

    public boolean hasRepetitions() {
        for (int r : reps) {
            if (r > 1) {
                return true;
            }
        }
        return false;
    }

    public PointKey key() {
        return key;
    }

    /**
     * The lines along variable {@code v}: the points grouped by the values of the other variables,
     * each group with at least min(3, largest group) points, projected onto v.
     */
    public List<Series> linesAlong(int v) {
        Map<List<Double>, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < points(); i++) {
            double[] x = pointX(i);
            List<Double> key = new ArrayList<>();
            for (int j = 0; j < x.length; j++) {
                if (j != v) {
                    key.add(x[j]);
                }
            }
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
        }
        int most = groups.values().stream().mapToInt(List::size).max().orElse(0);
        List<Series> out = new ArrayList<>();
        if (most < 2) {
            return out;
        }
        int need = Math.min(3, most);
        for (List<Integer> g : groups.values()) {
            if (g.size() >= need) {
                Set<Integer> members = new HashSet<>(g);
                out.add(subset(members::contains).project(v));
            }
        }
        return out;
    }
}

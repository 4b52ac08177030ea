package lcm.fit;

import lcm.measure.Measurement;

import java.util.function.IntPredicate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The observations of one quantity against some variables, ready to fit: every observation (a
 * row: one run of a fragment, or one measurement of a file without runs), and the distinct
 * points (variable tuples) with the centre, spread and count of their runs. The centre of a
 * point is Huber's estimate over its runs (their mean while none is wild), so that one run taken
 * under load or with a collection in it cannot steer the fit; fits are made to the centres, each weighted by
 * its count of runs (docs/fitting.md, "Observations"), and leave-one-point-out cross-validation
 * leaves out all runs of a point together.
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
    private final double[] spread;
    private final int runs;
    private final long executions;
    /** The point of each row. */
    private final int[] rowPoint;

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
        this(variables, rowX, rowY, rowY.length, rowY.length);
    }

    private Series(List<String> variables, double[][] rowX, double[] rowY, int runs, long executions) {
        this.runs = runs;
        this.executions = executions;
        this.variables = List.copyOf(variables);
        this.rowX = rowX;
        this.rowY = rowY;
        int v = variables.size();
        // rows grouped by their point (bitwise equal tuples, as Double.equals), without boxing
        Map<PointKey, int[]> groups = new HashMap<>();
        int[] groupOf = new int[rowY.length];
        List<PointKey> seen = new ArrayList<>();
        int[] counts = new int[Math.max(1, rowY.length)];
        for (int r = 0; r < rowY.length; r++) {
            PointKey k = new PointKey(rowX[r], ROW);
            int[] id = groups.get(k);
            if (id == null) {
                id = new int[] {seen.size()};
                groups.put(k, id);
                seen.add(k);
            }
            groupOf[r] = id[0];
            counts[id[0]]++;
        }
        List<PointKey> order = new ArrayList<>(seen);
        order.sort(Series::compareTuples);
        int g = order.size();
        int[] rank = new int[g];
        int[][] members = new int[g][];
        for (int i = 0; i < g; i++) {
            int id = groups.get(order.get(i))[0];
            rank[id] = i;
            members[i] = new int[counts[id]];
        }
        rowPoint = new int[rowY.length];
        int[] filled = new int[g];
        for (int r = 0; r < rowY.length; r++) {
            int i = rank[groupOf[r]];
            rowPoint[r] = i;
            members[i][filled[i]++] = r;
        }
        pointX = new double[g][];
        mean = new double[g];
        min = new double[g];
        max = new double[g];
        reps = new int[g];
        spread = new double[g];
        double within = 0;
        double sum = 0;
        List<Double> varianceOfMeans = new ArrayList<>();
        List<Double> relativeVariance = new ArrayList<>();
        int repeated = 0;
        double[] sd = new double[g];
        for (int i = 0; i < g; i++) {
            int[] rows = members[i];
            pointX[i] = rowX[rows[0]].clone();
            double s = 0;
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (int r : rows) {
                s += rowY[r];
                lo = Math.min(lo, rowY[r]);
                hi = Math.max(hi, rowY[r]);
            }
            reps[i] = rows.length;
            mean[i] = s / rows.length;
            min[i] = lo;
            max[i] = hi;
            sd[i] = PointCentre.spread(rows, rowY, mean[i]);
            sum += s;
        }
        // the typical relative spread of a point's runs: the scale that says which run is wild
        double[] known = Arrays.stream(sd).filter(Double::isFinite).sorted().toArray();
        double typical = known.length == 0 ? 0 : known[known.length / 2];
        for (int i = 0; i < g; i++) {
            int[] rows = members[i];
            mean[i] = PointCentre.huber(rows, rowY, mean[i], typical);
            spread[i] = PointCentre.spread(rows, rowY, mean[i]);
            double w = 0;
            for (int r : rows) {
                w += (rowY[r] - mean[i]) * (rowY[r] - mean[i]);
            }
            within += w;
            if (rows.length > 1) {
                double vm = w / (rows.length - 1) / rows.length;
                varianceOfMeans.add(vm);
                relativeVariance.add(mean[i] == 0 ? 0 : vm / (mean[i] * mean[i]));
                repeated++;
            }
        }
        double grand = rowY.length == 0 ? 0 : sum / rowY.length;
        double t = 0;
        for (double y : rowY) {
            t += (y - grand) * (y - grand);
        }
        ssWithin = within;
        tss = t;
        // the median over the points measured more than once: one point with a wild run does not
        // make every form look as good as any other
        noise = repeated == 0 ? 0 : Math.sqrt(lcm.expr.Median.of(varianceOfMeans.stream().mapToDouble(Double::doubleValue).toArray()));
        relativeNoise = repeated == 0 ? 0 : Math.sqrt(lcm.expr.Median.of(relativeVariance.stream().mapToDouble(Double::doubleValue).toArray()));
        double[] flat = new double[g * v];
        for (int i = 0; i < g; i++) {
            System.arraycopy(pointX[i], 0, flat, i * v, v);
        }
        key = new PointKey(flat, reps.clone());
    }

    /** No repetition counts: a row's point as a {@link PointKey} (equal when every value is, bitwise as {@link Double#equals}). */
    private static final int[] ROW = new int[0];

    private static int compareTuples(PointKey a, PointKey b) {
        for (int i = 0; i < a.x().length; i++) {
            int c = Double.compare(a.x()[i], b.x()[i]);
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
        return new ObservedRows(measurements, quantity, variables).all();
    }

    /** Rows already read from measurements, with the runs and executions they come from ({@link ObservedRows}). */
    static Series ofRows(List<String> variables, double[][] x, double[] y, int runs, long executions) {
        return new Series(variables, x, y, runs, executions);
    }

    /** The runs the observations come from (a measurement outside any run counts as one). */
    public int runs() {
        return runs;
    }

    /** The fragment executions the observations stand for. */
    public long executions() {
        return executions;
    }

    /** The relative spread of the runs at {@code point} around its centre (NaN for a single run). */
    public double spread(int point) {
        return spread[point];
    }

    /**
     * The weight of each point in a relative fit, from its spread across runs: 1 for a point whose
     * runs spread up to {@value #SPREAD_TOLERATED} times the median spread of the points measured
     * more than once, else (that bound / its spread)^2: a point whose runs disagree counts less,
     * the rest count alike (three runs estimate a spread too roughly to weight by it finely). All 1
     * when no point has two runs.
     */
    public double[] spreadWeights() {
        int g = points();
        double[] w = new double[g];
        Arrays.fill(w, 1);
        double[] known = Arrays.stream(spread).filter(Double::isFinite).sorted().toArray();
        if (known.length == 0) {
            return w;
        }
        double bound = SPREAD_TOLERATED * known[known.length / 2];
        if (!(bound > 0)) {
            return w;
        }
        for (int i = 0; i < g; i++) {
            if (Double.isFinite(spread[i]) && spread[i] > bound) {
                w[i] = (bound / spread[i]) * (bound / spread[i]);
            }
        }
        return w;
    }

    /** How many times the median spread a point's runs may spread before the point counts less. */
    static final double SPREAD_TOLERATED = 2;

    /** The rows whose point satisfies {@code keep} (by point index). */
    public Series subset(IntPredicate keepPoint) {
        int n = 0;
        double[][] xs = new double[rowY.length][];
        double[] ys = new double[rowY.length];
        for (int r = 0; r < rowY.length; r++) {
            if (keepPoint.test(rowPoint[r])) {
                xs[n] = rowX[r];
                ys[n++] = rowY[r];
            }
        }
        return new Series(variables, Arrays.copyOf(xs, n), Arrays.copyOf(ys, n));
    }

    /** The same rows with only the variable at {@code index}. */
    public Series project(int index) {
        double[][] xs = new double[rowX.length][];
        for (int r = 0; r < rowX.length; r++) {
            xs[r] = new double[] {rowX[r][index]};
        }
        return new Series(List.of(variables.get(index)), xs, rowY.clone());
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

    /** The point's value: the centre of its runs (Huber's estimate; the mean of one or two). */
    public double centre(int point) {
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

    double[] centres() {
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
     * The measurement noise of the point centres: the median of their standard errors (s / sqrt(r))
     * over the points measured more than once; 0 without repetitions. Forms whose
     * cross-validation errors differ by less than this cannot be told apart by these data.
     */
    public double noise() {
        return noise;
    }

    /** {@link #noise()} relative to the point centres: the median of s / (sqrt(r) |centre|) over repeated points. */
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
        List<String> along = List.of(variables.get(v));
        for (List<Integer> g : groups.values()) {
            if (g.size() >= need) {
                // subset(g).project(v) in one step: the line's rows in their order, v alone
                boolean[] member = new boolean[points()];
                g.forEach(i -> member[i] = true);
                int n = 0;
                double[][] xs = new double[rowY.length][];
                double[] ys = new double[rowY.length];
                for (int r = 0; r < rowY.length; r++) {
                    if (member[rowPoint[r]]) {
                        xs[n] = new double[] {rowX[r][v]};
                        ys[n++] = rowY[r];
                    }
                }
                out.add(new Series(along, Arrays.copyOf(xs, n), Arrays.copyOf(ys, n)));
            }
        }
        return out;
    }
}

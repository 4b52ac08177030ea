package lcm.fit;

import lcm.expr.CompiledExpr;
import lcm.expr.Expr;

import java.util.Arrays;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Scores sums of terms (k1*t1 + k2*t2 + ...) on one series by leave-one-point-out
 * cross-validation, fast: the weighted Gram matrix of the terms over the points is built once
 * per pair of terms and shared by every hypothesis, and each hypothesis costs a Cholesky
 * factorization of its few scaled rows and columns plus one pass over the points. Used to sift
 * the many multi-variable hypotheses; the few that are reported are refitted with
 * {@link LinearDesign}'s SVD.
 */
final class TermSearch {

    private final Series series;
    private final List<String> variables;
    private final int g;
    private double[][] values = new double[16][];
    private double[] moment = new double[16];
    private double[][] gram = new double[16][];
    private int count;
    private final List<Expr> exprs = new ArrayList<>();
    private final Map<String, Integer> ids = new HashMap<>();

    private final int[] reps;
    private final double[] means;
    private final double[] weights;

    TermSearch(Series series) {
        this(series, null);
    }

    /**
     * A search on {@code series} with each point's mean and terms multiplied by its weight
     * ({@link RelativeFit#pointWeights()}: relative least squares, relative CV errors); null: unweighted.
     */
    TermSearch(Series series, double[] weights) {
        this.series = series;
        this.reps = series.repsArray();
        this.weights = weights;
        this.means = series.centres().clone();
        if (weights != null) {
            for (int i = 0; i < means.length; i++) {
                means[i] *= weights[i];
            }
        }
        this.variables = series.variables();
        this.g = series.points();
        id(Expr.num(1));
    }

    /** The id of the constant term. */
    static int constant() {
        return 0;
    }

    /** Registers a term (by its text) and returns its id. */
    int id(Expr term) {
        String key = term.text();
        Integer known = ids.get(key);
        if (known != null) {
            return known;
        }
        CompiledExpr c = CompiledExpr.compile(term, variables);
        double[] v = new double[g];
        double m = 0;
        for (int i = 0; i < g; i++) {
            v[i] = c.eval(series.pointX(i)) * (weights == null ? 1 : weights[i]);
            m += series.reps(i) * v[i] * means[i];
        }
        if (count == values.length) {
            int n = count * 2;
            values = Arrays.copyOf(values, n);
            moment = Arrays.copyOf(moment, n);
            gram = Arrays.copyOf(gram, n);
        }
        int id = count++;
        values[id] = v;
        moment[id] = m;
        double[] row = new double[id + 1];
        Arrays.fill(row, Double.NaN);
        gram[id] = row;
        exprs.add(term);
        ids.put(key, id);
        return id;
    }

    Expr expr(int id) {
        return exprs.get(id);
    }

    private double gram(int a, int b) {
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        double known = gram[hi][lo];
        if (!Double.isNaN(known)) {
            return known;
        }
        double[] x = values[lo];
        double[] y = values[hi];
        double s = 0;
        for (int i = 0; i < g; i++) {
            s += reps[i] * x[i] * y[i];
        }
        gram[hi][lo] = s;
        return s;
    }

    /** The leave-one-point-out CV error of the least-squares sum of these terms; infinite if singular or undefined. */
    double cv(int[] terms) {
        int k = terms.length;
        if (k == 0 || g < k) {
            return Double.POSITIVE_INFINITY;
        }
        double[] d = new double[k];
        double[][] cols = new double[k][];
        for (int i = 0; i < k; i++) {
            double[] v = values[terms[i]];
            cols[i] = v;
            for (int p = 0; p < g; p++) {
                if (!Double.isFinite(v[p])) {
                    return Double.POSITIVE_INFINITY;
                }
            }
            d[i] = Math.sqrt(gram(terms[i], terms[i]));
            if (d[i] == 0) {
                return Double.POSITIVE_INFINITY;
            }
        }
        double[][] l = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j <= i; j++) {
                double s = gram(terms[i], terms[j]) / (d[i] * d[j]);
                for (int q = 0; q < j; q++) {
                    s -= l[i][q] * l[j][q];
                }
                if (i == j) {
                    if (s <= 1e-11) {
                        return Double.POSITIVE_INFINITY;
                    }
                    l[i][i] = Math.sqrt(s);
                } else {
                    l[i][j] = s / l[j][j];
                }
            }
        }
        double[] b = new double[k];
        for (int i = 0; i < k; i++) {
            double s = moment[terms[i]] / d[i];
            for (int q = 0; q < i; q++) {
                s -= l[i][q] * b[q];
            }
            b[i] = s / l[i][i];
        }
        for (int i = k - 1; i >= 0; i--) {
            double s = b[i];
            for (int q = i + 1; q < k; q++) {
                s -= l[q][i] * b[q];
            }
            b[i] = s / l[i][i];
        }
        double press = 0;
        double[] z = new double[k];
        double[] inv = new double[k];
        for (int i = 0; i < k; i++) {
            inv[i] = 1 / d[i];
        }
        for (int p = 0; p < g; p++) {
            double pred = 0;
            for (int i = 0; i < k; i++) {
                double x = cols[i][p] * inv[i];
                pred += x * b[i];
                double s = x;
                for (int q = 0; q < i; q++) {
                    s -= l[i][q] * z[q];
                }
                z[i] = s / l[i][i];
            }
            double h = 0;
            for (int i = 0; i < k; i++) {
                h += z[i] * z[i];
            }
            double free = 1 - reps[p] * h;
            if (free < LinearFitter.MIN_FREEDOM) {
                return Double.POSITIVE_INFINITY;
            }
            double e = (means[p] - pred) / free;
            press += e * e;
        }
        return Math.sqrt(press / g);
    }
}

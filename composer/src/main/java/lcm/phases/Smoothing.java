package lcm.phases;

import lcm.expr.NumberText;
import org.apache.commons.math3.linear.ArrayRealVector;
import lcm.source.UserError;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;

/**
 * The smoothing families of Carlson et al. (section 2.1), applied to a profile's samples:
 * <ul>
 * <li>{@code moving:K[:D]}: moving least squares: each sample replaced by the value at its
 *     position of the degree-D polynomial fitted to the 2K+1 samples around it (D = 1 is the
 *     plain moving average of the 2K+1 neighbours; K = 5, D = 3 gives the paper's weights
 *     (-36, 9, 44, 69, 84, 89, 84, ...)/429). Near the ends the window is cut short;</li>
 * <li>{@code round:STEP}: rounding to the nearest multiple of STEP processors;</li>
 * <li>{@code piecewise:PIECES}: the least-squares piecewise-constant fit with PIECES pieces
 *     (optimal segmentation by dynamic programming);</li>
 * <li>{@code none}.</li>
 * </ul>
 * Families chain with {@code +}, applied left to right: {@code moving:5+round:1} is the
 * paper's Figure 6.
 */
public sealed interface Smoothing {

    double[] apply(double[] y);

    String text();

    /** The default: the plain moving average of 11 samples (the paper's Figure 3). */
    Smoothing DEFAULT = new Moving(5, 1);

    record None() implements Smoothing {
        public double[] apply(double[] y) {
            return y.clone();
        }

        public String text() {
            return "none";
        }
    }

    record Moving(int halfWidth, int degree) implements Smoothing {
        public double[] apply(double[] y) {
            int n = y.length;
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                int lo = Math.max(0, i - halfWidth);
                int hi = Math.min(n - 1, i + halfWidth);
                out[i] = localFit(y, lo, hi, i, Math.min(degree, hi - lo));
            }
            return out;
        }

        /** Least-squares polynomial of degree d through y[lo..hi], evaluated at i. */
        static double localFit(double[] y, int lo, int hi, int i, int d) {
            int m = hi - lo + 1;
            if (d <= 0) {
                double s = 0;
                for (int j = lo; j <= hi; j++) {
                    s += y[j];
                }
                return s / m;
            }
            RealMatrix a = new Array2DRowRealMatrix(m, d + 1);
            double[] b = new double[m];
            for (int r = 0; r < m; r++) {
                double x = lo + r - i;
                double pw = 1;
                for (int c = 0; c <= d; c++) {
                    a.setEntry(r, c, pw);
                    pw *= x;
                }
                b[r] = y[lo + r];
            }
            double[] coef = new QRDecomposition(a).getSolver()
                    .solve(new ArrayRealVector(b)).toArray();
            return coef[0];
        }

        public String text() {
            return "moving:" + halfWidth + ":" + degree;
        }
    }

    record Round(double step) implements Smoothing {
        public double[] apply(double[] y) {
            double[] out = new double[y.length];
            for (int i = 0; i < y.length; i++) {
                out[i] = Math.round(y[i] / step) * step;
            }
            return out;
        }

        public String text() {
            return "round:" + NumberText.text(step);
        }
    }

    record Piecewise(int pieces) implements Smoothing {
        public double[] apply(double[] y) {
            int n = y.length;
            int m = Math.min(pieces, n);
            double[] s1 = new double[n + 1];
            double[] s2 = new double[n + 1];
            for (int i = 0; i < n; i++) {
                s1[i + 1] = s1[i] + y[i];
                s2[i + 1] = s2[i] + y[i] * y[i];
            }
            // cost[k][j]: best SSE of y[0..j) in k pieces; cut[k][j]: where the last piece starts
            double[] prev = new double[n + 1];
            double[] cur = new double[n + 1];
            int[][] cut = new int[m + 1][n + 1];
            Arrays.fill(prev, Double.POSITIVE_INFINITY);
            prev[0] = 0;
            for (int k = 1; k <= m; k++) {
                Arrays.fill(cur, Double.POSITIVE_INFINITY);
                for (int j = k; j <= n; j++) {
                    for (int i = k - 1; i < j; i++) {
                        if (prev[i] == Double.POSITIVE_INFINITY) {
                            continue;
                        }
                        double c = prev[i] + sse(s1, s2, i, j);
                        if (c < cur[j]) {
                            cur[j] = c;
                            cut[k][j] = i;
                        }
                    }
                }
                double[] t = prev;
                prev = cur;
                cur = t;
            }
            double[] out = new double[n];
            int j = n;
            for (int k = m; k >= 1 && j > 0; k--) {
                int i = cut[k][j];
                double mean = (s1[j] - s1[i]) / (j - i);
                for (int q = i; q < j; q++) {
                    out[q] = mean;
                }
                j = i;
            }
            return out;
        }

        private static double sse(double[] s1, double[] s2, int i, int j) {
            double sum = s1[j] - s1[i];
            return (s2[j] - s2[i]) - sum * sum / (j - i);
        }

        public String text() {
            return "piecewise:" + pieces;
        }
    }

    record Chain(List<Smoothing> steps) implements Smoothing {
        public Chain {
            steps = List.copyOf(steps);
        }

        public double[] apply(double[] y) {
            double[] v = y;
            for (Smoothing s : steps) {
                v = s.apply(v);
            }
            return v;
        }

        public String text() {
            return String.join("+", steps.stream().map(Smoothing::text).toList());
        }
    }

    /** Parses {@code moving:5:1}, {@code round:1}, {@code piecewise:40}, {@code none}, chained with {@code +}. */
    public static Smoothing parse(String spec) {
        List<Smoothing> steps = new ArrayList<>();
        for (String part : spec.split("\\+")) {
            String[] f = part.trim().split(":");
            try {
                steps.add(switch (f[0]) {
                    case "none" -> new None();
                    case "moving" -> {
                        int k = Integer.parseInt(f[1]);
                        int d = f.length > 2 ? Integer.parseInt(f[2]) : 1;
                        if (k < 0 || d < 0) {
                            throw new NumberFormatException();
                        }
                        yield new Moving(k, d);
                    }
                    case "round" -> {
                        double step = Double.parseDouble(f[1]);
                        if (!(step > 0)) {
                            throw new NumberFormatException();
                        }
                        yield new Round(step);
                    }
                    case "piecewise" -> {
                        int p = Integer.parseInt(f[1]);
                        if (p < 1) {
                            throw new NumberFormatException();
                        }
                        yield new Piecewise(p);
                    }
                    default -> throw UserError.of("--smooth " + spec + ": unknown family '" + f[0]
                            + "' (expected moving:K[:DEGREE], round:STEP, piecewise:PIECES or none, joined by +)");
                });
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw UserError.of("--smooth " + spec + ": bad parameters in '" + part
                        + "' (moving:K[:DEGREE] with K, DEGREE >= 0; round:STEP with STEP > 0; piecewise:PIECES >= 1)");
            }
        }
        return steps.size() == 1 ? steps.get(0) : new Chain(steps);
    }
}

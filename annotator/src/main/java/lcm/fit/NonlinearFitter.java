package lcm.fit;

import lcm.expr.Expr;
import org.apache.commons.math3.exception.MathIllegalStateException;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.apache.commons.math3.util.Pair;

import java.util.stream.IntStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Levenberg-Marquardt (commons-math) for forms that are not linear in their coefficients, such
 * as the thesis' resource-contention form {@code max(k1*p + k2, k3)}. Derivatives come from
 * the compiled form itself. Starting values matter for piecewise forms, so a two-argument
 * {@code max}/{@code min} of linear pieces is first fitted piece by piece at every split of the
 * points, and the best few splits (and all-ones) start the iteration; the lowest residual wins.
 * Cross-validation refits without each point in turn.
 */
final class NonlinearFitter {

    private static final int STARTS = 3;

    private NonlinearFitter() {
    }

    static Fit fit(PreparedForm pf, Series s) {
        CandidateForm form = pf.form;
        int k = form.coefficients().size();
        int g = s.points();
        if (g < k) {
            return Fit.failed(form, s.rows(), "too few points: " + k + " coefficients, " + g + " distinct point" + (g == 1 ? "" : "s"));
        }
        boolean[] all = new boolean[g];
        Arrays.fill(all, true);
        List<double[]> starts = starts(pf, s);
        double[] best = null;
        double bestSse = Double.POSITIVE_INFINITY;
        for (double[] start : starts) {
            double[] b = optimize(pf, s, all, start);
            double sse = b == null ? Double.NaN : sse(pf, s, all, b);
            if (b != null && sse < bestSse) {
                best = b;
                bestSse = sse;
            }
        }
        if (best == null) {
            return Fit.failed(form, s.rows(), "Levenberg-Marquardt did not converge");
        }
        double rss = bestSse + s.ssWithin();
        double[] cv = crossValidate(pf, s, best);
        return LinearFitter.complete(form, s, best, covariance(pf, s, best), rss, cv[0], cv[1]);
    }

    /** Weighted sum of squared point-mean residuals over the points marked in {@code use}. */
    private static double sse(PreparedForm pf, Series s, boolean[] use, double[] b) {
        double[] env = env(pf, b);
        double sum = 0;
        for (int i = 0; i < s.points(); i++) {
            if (use[i]) {
                double r = s.centre(i) - value(pf, s, i, env);
                sum += s.reps(i) * r * r;
            }
        }
        return Double.isFinite(sum) ? sum : Double.POSITIVE_INFINITY;
    }

    private static double[] env(PreparedForm pf, double[] b) {
        int v = pf.form.variables().size();
        double[] env = new double[v + b.length];
        System.arraycopy(b, 0, env, v, b.length);
        return env;
    }

    private static double value(PreparedForm pf, Series s, int point, double[] env) {
        System.arraycopy(s.pointX(point), 0, env, 0, pf.form.variables().size());
        return pf.whole.eval(env);
    }

    private static double[] optimize(PreparedForm pf, Series s, boolean[] use, double[] start) {
        int v = pf.form.variables().size();
        int k = start.length;
        int[] points = IntStream.range(0, s.points()).filter(i -> use[i]).toArray();
        int m = points.length;
        if (m < k) {
            return null;
        }
        double[] target = new double[m];
        for (int r = 0; r < m; r++) {
            target[r] = Math.sqrt(s.reps(points[r])) * s.centre(points[r]);
        }
        MultivariateJacobianFunction model = point -> {
            double[] env = new double[v + k];
            double[] b = point.toArray();
            System.arraycopy(b, 0, env, v, k);
            double[] val = new double[m];
            double[][] jac = new double[m][k];
            for (int r = 0; r < m; r++) {
                int i = points[r];
                System.arraycopy(s.pointX(i), 0, env, 0, v);
                double w = Math.sqrt(s.reps(i));
                val[r] = w * pf.whole.eval(env);
                for (int j = 0; j < k; j++) {
                    jac[r][j] = w * pf.whole.derivative(env, v + j);
                }
            }
            return new Pair<RealVector, RealMatrix>(new ArrayRealVector(val, false), new Array2DRowRealMatrix(jac, false));
        };
        try {
            LeastSquaresOptimizer.Optimum opt = new LevenbergMarquardtOptimizer().optimize(new LeastSquaresBuilder()
                    .model(model).target(target).start(start).maxEvaluations(2000).maxIterations(500).build());
            double[] b = opt.getPoint().toArray();
            for (double x : b) {
                if (!Double.isFinite(x)) {
                    return null;
                }
            }
            return b;
        } catch (MathIllegalStateException | IllegalArgumentException | ArithmeticException e) {
            return null;
        }
    }

    /** (JᵀJ)⁻¹ at the solution; NaN rows and columns for coefficients the data do not determine. */
    private static double[][] covariance(PreparedForm pf, Series s, double[] b) {
        int v = pf.form.variables().size();
        int k = b.length;
        int g = s.points();
        double[][] jac = new double[g][k];
        double[] env = env(pf, b);
        for (int i = 0; i < g; i++) {
            System.arraycopy(s.pointX(i), 0, env, 0, v);
            double w = Math.sqrt(s.reps(i));
            for (int j = 0; j < k; j++) {
                jac[i][j] = w * pf.whole.derivative(env, v + j);
            }
        }
        double[][] out = new double[k][k];
        SingularValueDecomposition svd = new SingularValueDecomposition(new Array2DRowRealMatrix(jac, false));
        double[] sv = svd.getSingularValues();
        RealMatrix vm = svd.getV();
        double top = sv.length == 0 ? 0 : sv[0];
        boolean[] undetermined = new boolean[k];
        for (int j = 0; j < k; j++) {
            for (int l = 0; l < k; l++) {
                if ((l >= sv.length || sv[l] <= LinearDesign.RANK_TOLERANCE * top) && Math.abs(vm.getEntry(j, l)) > 1e-6) {
                    undetermined[j] = true;
                }
            }
        }
        for (int j = 0; j < k; j++) {
            for (int m = 0; m < k; m++) {
                double c = 0;
                for (int l = 0; l < Math.min(k, sv.length); l++) {
                    if (sv[l] > LinearDesign.RANK_TOLERANCE * top) {
                        c += vm.getEntry(j, l) * vm.getEntry(m, l) / (sv[l] * sv[l]);
                    }
                }
                out[j][m] = undetermined[j] || undetermined[m] ? Double.NaN : c;
            }
        }
        return out;
    }

    /** The absolute (RMS) and relative (SMAPE) leave-one-point-out errors, by refitting. */
    private static double[] crossValidate(PreparedForm pf, Series s, double[] b) {
        int g = s.points();
        double[] none = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        if (g - 1 < b.length) {
            return none;
        }
        double press = 0;
        double relative = 0;
        boolean[] use = new boolean[g];
        for (int i = 0; i < g; i++) {
            Arrays.fill(use, true);
            use[i] = false;
            double[] bi = optimize(pf, s, use, b);
            if (bi == null) {
                return none;
            }
            double predicted = value(pf, s, i, env(pf, bi));
            double r = s.centre(i) - predicted;
            press += r * r;
            relative += LinearFitter.smapeTerm(s.centre(i), predicted);
        }
        return Double.isFinite(press) && Double.isFinite(relative) ? new double[] {Math.sqrt(press / g), relative / g} : none;
    }

    /** Starting points: piece-by-piece fits of a max/min of two linear pieces, and all ones. */
    private static List<double[]> starts(PreparedForm pf, Series s) {
        int k = pf.form.coefficients().size();
        List<double[]> out = new ArrayList<>();
        out.addAll(pieceStarts(pf, s));
        double[] ones = new double[k];
        Arrays.fill(ones, 1);
        out.add(ones);
        boolean[] all = new boolean[s.points()];
        Arrays.fill(all, true);
        out.sort(Comparator.comparingDouble(b -> sse(pf, s, all, b)));
        return out.subList(0, Math.min(STARTS, out.size()));
    }

    private static List<double[]> pieceStarts(PreparedForm pf, Series s) {
        CandidateForm form = pf.form;
        List<double[]> out = new ArrayList<>();
        if (!Hinge.segmented(form)) {
            return out;
        }
        Expr.Call c = (Expr.Call) form.form();
        PreparedForm[] pieces = new PreparedForm[2];
        for (int a = 0; a < 2; a++) {
            CandidateForm piece = CandidateForm.of(c.args().get(a), form.variables(), form.origin());
            pieces[a] = PreparedForm.of(piece);
            if (!pieces[a].linear()) {
                return out;
            }
        }
        if (pieces[0].form.coefficients().stream().anyMatch(pieces[1].form.coefficients()::contains)) {
            return out;
        }
        int g = s.points();
        for (int split = 1; split < g; split++) {
            final int t = split;
            for (int first = 0; first < 2; first++) {
                Map<String, Double> values = new HashMap<>();
                boolean ok = fitPiece(pieces[first], s.subset(i -> i < t), values)
                        && fitPiece(pieces[1 - first], s.subset(i -> i >= t), values);
                if (ok) {
                    out.add(form.coefficients().stream().mapToDouble(n -> values.getOrDefault(n, 1.0)).toArray());
                }
            }
        }
        return out;
    }

    private static boolean fitPiece(PreparedForm piece, Series part, Map<String, Double> values) {
        int k = piece.form.coefficients().size();
        if (k == 0) {
            return true;
        }
        LinearDesign d = piece.design(part);
        if (!d.ok()) {
            return false;
        }
        double[] b = new double[k];
        LinearFitter.score(d, part.centres(), b, new double[part.points()]);
        for (int j = 0; j < k; j++) {
            values.put(piece.form.coefficients().get(j), b[j]);
        }
        return true;
    }
}

package lcm.fit;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * Everything about a linear least-squares problem that depends on the points but not on the
 * measured values, computed once per (form, point set) with commons-math's SVD and reused for
 * every series measured at those points: the solve matrix (pseudo-inverse), the leverages for
 * leave-one-point-out cross-validation (hat-matrix shortcut) and the diagonal of (XᵀX)⁻¹ for
 * the confidence intervals. Columns are scaled to unit length before the decomposition, so that
 * {@code n^3} next to a constant is not mistaken for a singular design.
 *
 * <p>Rows are the distinct points, weighted by their repetition counts r: fitting the point
 * means with weights r gives the same coefficients as fitting every repetition.
 */
public final class LinearDesign {

    /** Singular values below this fraction of the largest make a design singular. */
    static final double RANK_TOLERANCE = 1e-11;

    final int k;
    final int g;
    /** k x g: coefficients = solve · (means - offset). */
    final double[][] solve;
    /** g x k: the basis functions at the points. */
    final double[][] x;
    /** g: the coefficient-free part of the form at the points. */
    final double[] offset;
    /** g: r_g h_g, the leverage of all repetitions of point g together. */
    final double[] leverage;
    /** k: diagonal of (XᵀX)⁻¹ over all rows. */
    final double[] covDiag;
    /** Why the design cannot be fitted, or null. */
    final String problem;

    private LinearDesign(int k, int g, double[][] solve, double[][] x, double[] offset, double[] leverage,
                         double[] covDiag, String problem) {
        this.k = k;
        this.g = g;
        this.solve = solve;
        this.x = x;
        this.offset = offset;
        this.leverage = leverage;
        this.covDiag = covDiag;
        this.problem = problem;
    }

    static LinearDesign failed(int k, int g, String problem) {
        return new LinearDesign(k, g, null, null, null, null, null, problem);
    }

    public boolean ok() {
        return problem == null;
    }

    public String problem() {
        return problem;
    }

    /**
     * @param x      basis values, {@code x[point][coefficient]}
     * @param offset the coefficient-free part at each point (may be null for none)
     * @param reps   repetitions per point
     * @param names  coefficient names, for messages
     */
    static LinearDesign of(double[][] x, double[] offset, int[] reps, java.util.List<String> names) {
        int g = x.length;
        int k = names.size();
        double[] off = offset == null ? new double[g] : offset;
        if (k == 0) {
            return failed(k, g, "the form has no coefficients (k1, k2, ...) to fit");
        }
        for (int i = 0; i < g; i++) {
            if (!Double.isFinite(off[i])) {
                return failed(k, g, "the form is not defined at point " + (i + 1));
            }
            for (int j = 0; j < k; j++) {
                if (!Double.isFinite(x[i][j])) {
                    return failed(k, g, "the form is not defined at point " + (i + 1) + " (the term of " + names.get(j) + ")");
                }
            }
        }
        if (g < k) {
            return failed(k, g, "too few points: " + k + " coefficients, " + g + " distinct point" + (g == 1 ? "" : "s"));
        }
        double[] norm = new double[k];
        double[][] a = new double[g][k];
        for (int j = 0; j < k; j++) {
            double s = 0;
            for (int i = 0; i < g; i++) {
                s += reps[i] * x[i][j] * x[i][j];
            }
            norm[j] = Math.sqrt(s);
            if (norm[j] == 0) {
                return failed(k, g, "singular design: the term of " + names.get(j) + " is 0 at every point");
            }
        }
        for (int i = 0; i < g; i++) {
            double w = Math.sqrt(reps[i]);
            for (int j = 0; j < k; j++) {
                a[i][j] = w * x[i][j] / norm[j];
            }
        }
        SingularValueDecomposition svd = new SingularValueDecomposition(new Array2DRowRealMatrix(a, false));
        double[] s = svd.getSingularValues();
        if (s.length < k || s[k - 1] <= RANK_TOLERANCE * s[0]) {
            return failed(k, g, "singular design: the coefficients " + String.join(", ", names)
                    + " are not determined separately by these points");
        }
        RealMatrix u = svd.getU();
        RealMatrix v = svd.getV();
        double[][] solve = new double[k][g];
        double[] lev = new double[g];
        double[] cov = new double[k];
        for (int i = 0; i < g; i++) {
            double w = Math.sqrt(reps[i]);
            double h = 0;
            for (int l = 0; l < k; l++) {
                double uil = u.getEntry(i, l);
                h += uil * uil;
            }
            lev[i] = h;
            for (int j = 0; j < k; j++) {
                double t = 0;
                for (int l = 0; l < k; l++) {
                    t += v.getEntry(j, l) / s[l] * u.getEntry(i, l);
                }
                solve[j][i] = t * w / norm[j];
            }
        }
        for (int j = 0; j < k; j++) {
            double c = 0;
            for (int l = 0; l < k; l++) {
                double t = v.getEntry(j, l) / s[l];
                c += t * t;
            }
            cov[j] = c / (norm[j] * norm[j]);
        }
        double[][] xc = new double[g][];
        for (int i = 0; i < g; i++) {
            xc[i] = x[i].clone();
        }
        return new LinearDesign(k, g, solve, xc, off.clone(), lev, cov, null);
    }
}

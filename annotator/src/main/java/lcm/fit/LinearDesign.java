package lcm.fit;

import java.util.List;

/**
 * Everything about a linear least-squares problem that depends on the points but not on the
 * measured values, computed once per (form, point set) by a QR decomposition (modified Gram-Schmidt) and reused for
 * every series measured at those points: the solve matrix (pseudo-inverse), the leverages for
 * leave-one-point-out cross-validation (hat-matrix shortcut) and the diagonal of (XᵀX)⁻¹ for
 * the confidence intervals. Columns are scaled to unit length before the decomposition, so that
 * {@code n^3} next to a constant is not mistaken for a singular design.
 *
 * <p>Rows are the distinct points, weighted by their repetition counts r: fitting the point
 * means with weights r gives the same coefficients as fitting every repetition.
 */
public final class LinearDesign {

    /**
     * A unit-length column whose part orthogonal to the columns before it is shorter than this
     * makes a design singular (its coefficient is not determined separately).
     */
    static final double RANK_TOLERANCE = 1e-9;

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
    /** k x k: (XᵀX)⁻¹ over all rows. */
    final double[][] cov;
    /** Why the design cannot be fitted, or null. */
    final String problem;

    private LinearDesign(int k, int g, double[][] solve, double[][] x, double[] offset, double[] leverage,
                         double[][] cov, String problem) {
        this.k = k;
        this.g = g;
        this.solve = solve;
        this.x = x;
        this.offset = offset;
        this.leverage = leverage;
        this.cov = cov;
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
    static LinearDesign of(double[][] x, double[] offset, int[] reps, List<String> names) {
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
        // Modified Gram-Schmidt with one re-orthogonalization pass: A = QR, Q g x k with
        // orthonormal columns. Stable for the few columns of a candidate form and, unlike an SVD,
        // cheap enough to build per series when every series has its own points.
        double[][] q = new double[k][g];
        double[][] r = new double[k][k];
        for (int j = 0; j < k; j++) {
            double[] v = q[j];
            for (int i = 0; i < g; i++) {
                v[i] = a[i][j];
            }
            for (int pass = 0; pass < 2; pass++) {
                for (int l = 0; l < j; l++) {
                    double dot = 0;
                    for (int i = 0; i < g; i++) {
                        dot += q[l][i] * v[i];
                    }
                    r[l][j] += dot;
                    for (int i = 0; i < g; i++) {
                        v[i] -= dot * q[l][i];
                    }
                }
            }
            double len = 0;
            for (int i = 0; i < g; i++) {
                len += v[i] * v[i];
            }
            len = Math.sqrt(len);
            if (!(len > RANK_TOLERANCE)) {
                return failed(k, g, "singular design: the coefficients " + String.join(", ", names)
                        + " are not determined separately by these points");
            }
            r[j][j] = len;
            for (int i = 0; i < g; i++) {
                v[i] /= len;
            }
        }
        // R^-1 (upper triangular), by back substitution column by column.
        double[][] rinv = new double[k][k];
        for (int c = 0; c < k; c++) {
            rinv[c][c] = 1 / r[c][c];
            for (int row = c - 1; row >= 0; row--) {
                double t = 0;
                for (int l = row + 1; l <= c; l++) {
                    t += r[row][l] * rinv[l][c];
                }
                rinv[row][c] = -t / r[row][row];
            }
        }
        double[][] solve = new double[k][g];
        double[] lev = new double[g];
        double[][] cov = new double[k][k];
        for (int i = 0; i < g; i++) {
            double w = Math.sqrt(reps[i]);
            double h = 0;
            for (int l = 0; l < k; l++) {
                h += q[l][i] * q[l][i];
            }
            lev[i] = h;
            for (int j = 0; j < k; j++) {
                double t = 0;
                for (int l = j; l < k; l++) {
                    t += rinv[j][l] * q[l][i];
                }
                solve[j][i] = t * w / norm[j];
            }
        }
        for (int j = 0; j < k; j++) {
            for (int m = 0; m < k; m++) {
                double c = 0;
                for (int l = Math.max(j, m); l < k; l++) {
                    c += rinv[j][l] * rinv[m][l];
                }
                cov[j][m] = c / (norm[j] * norm[m]);
            }
        }
        double[][] xc = new double[g][];
        for (int i = 0; i < g; i++) {
            xc[i] = x[i].clone();
        }
        return new LinearDesign(k, g, solve, xc, off.clone(), lev, cov, null);
    }
}

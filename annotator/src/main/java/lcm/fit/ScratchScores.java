package lcm.fit;

import java.util.List;

/**
 * Cross-validation errors of all normal-form hypotheses on a series whose points no cached design
 * covers, without building designs: per hypothesis, the weighted columns (constant, t1, t2) are
 * orthonormalized (modified Gram-Schmidt, twice) on top of the constant and first term, which
 * are orthonormalized once per term; the prediction is the projection onto them and the leverages
 * are the squared row norms of Q. This is the arithmetic of {@link LinearDesign} and
 * {@link LinearFitter#score} without the coefficients, which the errors do not need.
 */
final class ScratchScores {

    private ScratchScores() {
    }

    static double[] errors(Series s, List<NormalFormSearch.Term> terms, int[][] hypotheses, boolean[] constant,
                           boolean relative) {
        int g = s.points();
        double[] y = s.centres();
        int[] reps = s.repsArray();
        double[] w = new double[g];
        double[] wy = new double[g];
        for (int i = 0; i < g; i++) {
            w[i] = Math.sqrt(reps[i]);
            wy[i] = w[i] * y[i];
        }
        int t = terms.size();
        double[][] col = new double[t][];
        for (int a = 0; a < t; a++) {
            double[] c = new double[g];
            for (int i = 0; i < g; i++) {
                c[i] = w[i] * terms.get(a).value(s.pointX(i)[0]);
            }
            col[a] = normalized(c) ? c : null;
        }
        double[] q0 = w.clone();
        normalized(q0);
        // q1[a]: term a orthonormalized against the constant (null when dependent)
        double[][] q1 = new double[t][];
        for (int a = 0; a < t; a++) {
            if (col[a] != null) {
                double[] v = col[a].clone();
                q1[a] = orthonormal(v, q0, null) ? v : null;
            }
        }
        double[] out = new double[hypotheses.length];
        double[] v = new double[g];
        double[][] basis = new double[3][];
        for (int h = 0; h < hypotheses.length; h++) {
            int[] hy = hypotheses[h];
            int k = 0;
            boolean ok = true;
            if (constant[h]) {
                basis[k++] = q0;
                if (hy.length >= 1) {
                    ok = q1[hy[0]] != null;
                    basis[k++] = q1[hy[0]];
                }
                if (ok && hy.length == 2) {
                    if (col[hy[1]] == null) {
                        ok = false;
                    } else {
                        System.arraycopy(col[hy[1]], 0, v, 0, g);
                        ok = orthonormal(v, basis[0], basis[1]);
                        basis[k++] = v;
                    }
                }
            } else {
                ok = col[hy[0]] != null;
                basis[k++] = col[hy[0]];
            }
            out[h] = ok && g >= k ? score(basis, k, g, w, wy, y, relative) : Double.POSITIVE_INFINITY;
        }
        return out;
    }

    private static double score(double[][] q, int k, int g, double[] w, double[] wy, double[] y, boolean relative) {
        double[] z = new double[k];
        for (int l = 0; l < k; l++) {
            double d = 0;
            for (int i = 0; i < g; i++) {
                d += q[l][i] * wy[i];
            }
            z[l] = d;
        }
        double press = 0;
        double smape = 0;
        for (int i = 0; i < g; i++) {
            double p = 0;
            double h = 0;
            for (int l = 0; l < k; l++) {
                p += q[l][i] * z[l];
                h += q[l][i] * q[l][i];
            }
            double free = 1 - h;
            if (free < LinearFitter.MIN_FREEDOM) {
                return Double.POSITIVE_INFINITY;
            }
            double e = y[i] - p / w[i];
            double deleted = e / free;
            press += deleted * deleted;
            smape += LinearFitter.smapeTerm(y[i], y[i] - deleted);
        }
        return relative ? smape / g : Math.sqrt(press / g);
    }

    /** Scales {@code c} to unit length; false when it is 0 or not finite. */
    private static boolean normalized(double[] c) {
        double len = 0;
        for (double x : c) {
            len += x * x;
        }
        len = Math.sqrt(len);
        if (!(len > 0) || !Double.isFinite(len)) {
            return false;
        }
        for (int i = 0; i < c.length; i++) {
            c[i] /= len;
        }
        return true;
    }

    /** Orthonormalizes unit vector {@code v} against a and b (b may be null); false when dependent. */
    private static boolean orthonormal(double[] v, double[] a, double[] b) {
        for (int pass = 0; pass < 2; pass++) {
            subtract(v, a);
            if (b != null) {
                subtract(v, b);
            }
        }
        double len = 0;
        for (double x : v) {
            len += x * x;
        }
        len = Math.sqrt(len);
        if (!(len > LinearDesign.RANK_TOLERANCE)) {
            return false;
        }
        for (int i = 0; i < v.length; i++) {
            v[i] /= len;
        }
        return true;
    }

    private static void subtract(double[] v, double[] a) {
        double d = 0;
        for (int i = 0; i < v.length; i++) {
            d += a[i] * v[i];
        }
        for (int i = 0; i < v.length; i++) {
            v[i] -= d * a[i];
        }
    }
}

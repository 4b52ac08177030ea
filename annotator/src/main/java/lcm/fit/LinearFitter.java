package lcm.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Linear least squares with a precomputed {@link LinearDesign}: a handful of multiply-adds per
 * point and coefficient, so that a series can be scored against thousands of forms.
 */
final class LinearFitter {

    /** 1 - leverage below this: the point determines its own prediction; it cannot be cross-validated. */
    static final double MIN_FREEDOM = 1e-9;

    private LinearFitter() {
    }

    /**
     * Solves for the coefficients (into {@code b}) and the point residuals (into {@code e}) and
     * returns the leave-one-point-out CV error (infinite when some point cannot be left out).
     */
    static double score(LinearDesign d, double[] means, double[] b, double[] e) {
        int k = d.k;
        int g = d.g;
        for (int j = 0; j < k; j++) {
            double[] row = d.solve[j];
            double t = 0;
            for (int i = 0; i < g; i++) {
                t += row[i] * (means[i] - d.offset[i]);
            }
            b[j] = t;
        }
        double press = 0;
        for (int i = 0; i < g; i++) {
            double[] xi = d.x[i];
            double pred = d.offset[i];
            for (int j = 0; j < k; j++) {
                pred += xi[j] * b[j];
            }
            double r = means[i] - pred;
            e[i] = r;
            double free = 1 - d.leverage[i];
            if (free < MIN_FREEDOM) {
                press = Double.POSITIVE_INFINITY;
            } else {
                double deleted = r / free;
                press += deleted * deleted;
            }
        }
        return Math.sqrt(press / g);
    }

    /**
     * The relative leave-one-point-out error after {@link #score}: the mean over points of
     * |y - y'| / ((|y| + |y'|) / 2) with y' the point's deleted prediction (0 where both are 0).
     */
    static double smape(LinearDesign d, double[] means, double[] e) {
        double sum = 0;
        for (int i = 0; i < d.g; i++) {
            double free = 1 - d.leverage[i];
            if (free < MIN_FREEDOM) {
                return Double.POSITIVE_INFINITY;
            }
            sum += smapeTerm(means[i], means[i] - e[i] / free);
        }
        return sum / d.g;
    }

    static double smapeTerm(double y, double predicted) {
        double den = (Math.abs(y) + Math.abs(predicted)) / 2;
        double diff = Math.abs(y - predicted);
        return den == 0 ? 0 : diff / den;
    }

    /** Residual sum of squares over all rows, from point residuals. */
    static double rss(double[] e, int[] reps, double ssWithin) {
        double s = ssWithin;
        for (int i = 0; i < reps.length; i++) {
            s += reps[i] * e[i] * e[i];
        }
        return s;
    }

    static Fit fit(CandidateForm form, LinearDesign d, Series s) {
        if (!d.ok()) {
            return Fit.failed(form, s.rows(), d.problem());
        }
        double[] b = new double[d.k];
        double[] e = new double[d.g];
        double cv = score(d, s.centres(), b, e);
        double relative = smape(d, s.centres(), e);
        double rss = rss(e, s.repsArray(), s.ssWithin());
        return complete(form, s, b, d.cov, rss, cv, relative);
    }

    /** Assembles a fit from coefficients, (XᵀX)⁻¹, RSS and the two CV errors. */
    static Fit complete(CandidateForm form, Series s, double[] b, double[][] cov, double rss, double cv, double relative) {
        int n = s.rows();
        int k = b.length;
        int dof = n - k;
        double t = Statistics.t90(dof);
        double s2 = dof > 0 ? rss / dof : Double.NaN;
        List<Coefficient> cs = new ArrayList<>(k);
        for (int j = 0; j < k; j++) {
            double half = cov == null || Double.isNaN(cov[j][j]) ? Double.NaN : t * Math.sqrt(s2 * cov[j][j]);
            cs.add(new Coefficient(form.coefficients().get(j), b[j], half));
        }
        double r2 = Statistics.r2(rss, s.tss(), s.scale(), n);
        for (double v : b) {
            if (!Double.isFinite(v)) {
                return Fit.failed(form, n, "the fit did not produce finite coefficients");
            }
        }
        return new Fit(form, cs, r2, Statistics.adjustedR2(r2, n, k), cv, relative, rss, n, cov, Optional.empty(), false);
    }
}

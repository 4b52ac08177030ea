package lcm.fit;

import java.util.Arrays;

/**
 * A fitted model's value at a point, with the 90 % prediction interval of one new measurement
 * there: {@code value +- t(0.95, n - k) * sqrt(s² (1 + gᵀ C g))}, where s² = RSS / (n - k), C
 * is {@link Fit#covariance} and g the model's derivatives by its coefficients at the point (its
 * basis values for forms linear in the coefficients). The interval assumes the fitted form is
 * right and the noise constant (for a relative fit: proportional to the value); it widens with the
 * distance from the measured points.
 *
 * @param at           the point, in the fit's variable order
 * @param low          the interval's lower end (NaN without degrees of freedom)
 * @param extrapolated whether the point lies outside the measured range of some variable
 */
public record Prediction(double[] at, double value, double low, double high, boolean extrapolated) {

    public Prediction {
        at = at.clone();
    }

    /** The half width of the interval (NaN when unknown). */
    public double halfWidth() {
        return (high - low) / 2;
    }

    /** The model of {@code fit} at {@code at} (variables in the fit's order). */
    public static double value(Fit fit, double... at) {
        return whole(fit).eval(env(fit, at));
    }

    /** The model of {@code fit} at every point of {@code s}, in point order (the form compiled once). */
    static double[] atPoints(Fit fit, Series s) {
        lcm.expr.CompiledExpr whole = whole(fit);
        double[] out = new double[s.points()];
        for (int i = 0; i < out.length; i++) {
            out[i] = whole.eval(env(fit, s.pointX(i)));
        }
        return out;
    }

    /** The whole form over variables and coefficients, as {@link PreparedForm#whole} compiles it. */
    private static lcm.expr.CompiledExpr whole(Fit fit) {
        return lcm.expr.CompiledExpr.compile(fit.candidate().form(), fit.candidate().slots());
    }

    /** The value and 90 % prediction interval of {@code fit} (fitted to {@code series}) at {@code at}. */
    public static Prediction of(Fit fit, Series series, double... at) {
        if (!fit.ok()) {
            throw new IllegalArgumentException("the form was not fitted: " + fit.problem().orElse(""));
        }
        int v = fit.candidate().variables().size();
        if (at.length != v) {
            throw new IllegalArgumentException(v + " variables, " + at.length + " values");
        }
        PreparedForm pf = PreparedForm.of(fit.candidate());
        double[] env = env(fit, at);
        double value = pf.whole.eval(env);
        int k = fit.coefficients().size();
        int dof = fit.rows() - k;
        double half = Double.NaN;
        double[][] c = fit.covariance();
        if (dof > 0 && c != null) {
            double[] g = new double[k];
            for (int j = 0; j < k; j++) {
                g[j] = pf.whole.derivative(env, v + j);
            }
            double q = 0;
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    q += g[i] * c[i][j] * g[j];
                }
            }
            double s2 = fit.rss() / dof;
            // a relative fit's residuals are relative: the new measurement's weight is 1/|value|, so
            // s^2 (1 + w^2 g'Cg) in relative units is s^2 (value^2 + g'Cg) in the data's
            half = Statistics.t90(dof) * Math.sqrt(s2 * (fit.relative() ? value * value + q : 1 + q));
        }
        boolean outside = false;
        for (int j = 0; j < v; j++) {
            double[] d = series.distinct(j);
            outside |= d.length == 0 || at[j] < d[0] || at[j] > d[d.length - 1];
        }
        return new Prediction(at, value, value - half, value + half, outside);
    }

    private static double[] env(Fit fit, double[] at) {
        double[] b = fit.values();
        double[] env = Arrays.copyOf(at, at.length + b.length);
        System.arraycopy(b, 0, env, at.length, b.length);
        return env;
    }
}

package lcm.expr;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegrator;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;
import org.apache.commons.math3.analysis.interpolation.SplineInterpolator;
import org.apache.commons.math3.analysis.polynomials.PolynomialSplineFunction;
import org.apache.commons.math3.special.Erf;

/**
 * The annotation language's {@code emax(w)}: the expected maximum of w independent standard
 * normal values, e(w) = integral of x w phi(x) Phi(x)^(w-1) dx (the density of the largest of w
 * values is w phi Phi^(w-1)); 0 for w <= 1. e(2) = 1/sqrt(pi), e(3) = 3/(2 sqrt(pi)), e(4) =
 * 1.0294, e(64) = 2.3409. The integral is computed once, on first use, at w = 1 .. 2 in steps of 1/32,
 * 2 .. 16 in steps of 1/4, every integer to 128 and on a grid of eighth octaves from 128 to 2^24 (Gauss-Legendre quadrature, {@link Rule}), and a
 * natural cubic spline in ln w through those values gives every other w (non-integer widths, a
 * fragment's share p/T) and the slope the nonlinear fitter needs; beyond 2^24 the integral is
 * computed each time. Thread-safe. See docs/fitting.md, "li from its causes".
 */
public final class NormalMaximum {

    private static final int INTEGERS = 128;
    private static final double LAST = 1 << 24;
    private static final double STEPS_PER_OCTAVE = 8;

    private NormalMaximum() {
    }

    /** e(w), interpolated between the tabulated widths; 0 for w <= 1, NaN for NaN. */
    public static double expected(double w) {
        if (Double.isNaN(w)) {
            return Double.NaN;
        }
        if (w <= 1) {
            return 0;
        }
        if (w > LAST) {
            return integral(w);
        }
        return Table.SPLINE.value(Math.log(w));
    }

    /** de/dw: 0 for w <= 1. */
    public static double slope(double w) {
        if (Double.isNaN(w)) {
            return Double.NaN;
        }
        if (w <= 1) {
            return 0;
        }
        if (w > LAST) {
            double h = w * 1e-4;
            return (integral(w + h) - integral(w - h)) / (2 * h);
        }
        return Table.SLOPE.value(Math.log(w)) / w;
    }

    /** e(w) by numerical integration, for any real w >= 1 (no table). */
    public static double integral(double w) {
        if (w <= 1) {
            return 0;
        }
        Rule r = Rule.INSTANCE;
        double sum = 0;
        for (int i = 0; i < r.x.length; i++) {
            sum += r.weightedDensity[i] * Math.exp((w - 1) * r.logCdf[i]);
        }
        return w * sum;
    }

    /**
     * The quadrature: 10-point Gauss-Legendre (commons-math) on each of 400 pieces of [-10, 10]
     * (the largest of up to 2^24 values lies within 6.5 of 0, and the narrowest density of the
     * maximum there is some 0.2 wide: 4 pieces), with x phi(x) and ln Phi(x) at its points
     * computed once, so that each w costs one exp per point.
     */
    private static final class Rule {
        static final Rule INSTANCE = new Rule();
        final double[] x;
        final double[] weightedDensity;
        final double[] logCdf;

        private Rule() {
            int pieces = 400;
            int points = 10;
            x = new double[pieces * points];
            weightedDensity = new double[x.length];
            logCdf = new double[x.length];
            GaussIntegratorFactory factory = new GaussIntegratorFactory();
            int k = 0;
            for (int p = 0; p < pieces; p++) {
                double a = -10 + 20.0 * p / pieces;
                GaussIntegrator g = factory.legendre(points, a, a + 20.0 / pieces);
                for (int i = 0; i < points; i++, k++) {
                    double t = g.getPoint(i);
                    x[k] = t;
                    weightedDensity[k] = g.getWeight(i) * t * Math.exp(-0.5 * t * t) / Math.sqrt(2 * Math.PI);
                    logCdf[k] = Math.log(0.5 * Erf.erfc(-t / Math.sqrt(2)));
                }
            }
        }
    }

    /** The table, made on first use. */
    private static final class Table {
        static final PolynomialSplineFunction SPLINE;
        static final UnivariateFunction SLOPE;

        static {
            java.util.List<Double> widths = new java.util.ArrayList<>();
            for (int j = 0; j < 32; j++) {
                widths.add(1 + j / 32.0); // e(w) bends most between 1 and 2
            }
            for (int j = 0; j < 56; j++) {
                widths.add(2 + j / 4.0);
            }
            for (int w = 16; w < INTEGERS; w++) {
                widths.add((double) w);
            }
            for (double w = INTEGERS; w <= LAST; w *= Math.pow(2, 1 / STEPS_PER_OCTAVE)) {
                widths.add(w);
            }
            double[] u = new double[widths.size()];
            double[] e = new double[u.length];
            for (int i = 0; i < u.length; i++) {
                u[i] = Math.log(widths.get(i));
                e[i] = integral(widths.get(i));
            }
            SPLINE = new SplineInterpolator().interpolate(u, e);
            SLOPE = SPLINE.polynomialSplineDerivative();
        }
    }
}

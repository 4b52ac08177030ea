package lcm.expr;

import lcm.annotation.AnnotationReader;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * emax(w), the expected maximum of w independent standard normal values: closed forms at w = 2
 * and 3, values of the integral computed independently (composite Simpson, 200,000 steps on [-12, 12]), a simulation, the spline
 * between integer widths against the integral itself, its slope, and one value in every evaluator.
 */
class NormalMaximumTest {

    @Test
    void closedFormsAtTwoAndThree() {
        // E max(X1, X2) = 1/sqrt(pi); E max of three = 3/(2 sqrt(pi))
        assertEquals(1 / Math.sqrt(Math.PI), NormalMaximum.expected(2), 1e-9);
        assertEquals(1.5 / Math.sqrt(Math.PI), NormalMaximum.expected(3), 1e-9);
    }

    @Test
    void tabulatedValues() {
        double[][] known = {{1, 0}, {4, 1.029375}, {5, 1.162964}, {8, 1.423600}, {10, 1.538753}, {16, 1.765991},
            {32, 2.069668}, {64, 2.343733}};
        for (double[] k : known) {
            assertEquals(k[1], NormalMaximum.expected(k[0]), 2e-6, "w = " + k[0]);
        }
        assertEquals(0, NormalMaximum.expected(0.5));
        assertEquals(0, NormalMaximum.expected(-3));
        assertTrue(Double.isNaN(NormalMaximum.expected(Double.NaN)));
    }

    @Test
    void agreesWithASimulationAtWidth12() {
        Random r = new Random(7);
        double sum = 0;
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            double m = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < 12; j++) {
                m = Math.max(m, r.nextGaussian());
            }
            sum += m;
        }
        // the mean of 200,000 maxima has a standard error of about 0.0013
        assertEquals(sum / n, NormalMaximum.expected(12), 0.005);
    }

    @Test
    void splineBetweenWidthsIsTheIntegral() {
        for (double w : new double[] {1.25, 1.5, 2.5, 7.3, 100.5, 200, 1000, 3e5}) {
            assertEquals(NormalMaximum.integral(w), NormalMaximum.expected(w), 1e-5 * NormalMaximum.integral(w), "w = " + w);
        }
        assertEquals(NormalMaximum.integral(5e7), NormalMaximum.expected(5e7), 0);
    }

    @Test
    void slopeIsTheDerivative() {
        for (double w : new double[] {1.5, 2, 3.7, 16, 64, 500}) {
            double h = 1e-3 * w;
            double diff = (NormalMaximum.integral(w + h) - NormalMaximum.integral(w - h)) / (2 * h);
            assertEquals(diff, NormalMaximum.slope(w), 2e-3 * diff, "w = " + w);
        }
        assertEquals(0, NormalMaximum.slope(1));
        assertEquals(0, Fn.EMAX.slope(0.5));
    }

    @Test
    void everyEvaluatorGivesOneValue() {
        Expr e = AnnotationReader.expression("p*s*emax(p) + emax(2)");
        List<String> vars = List.of("p", "s");
        double expected = 8 * 0.5 * NormalMaximum.expected(8) + 1 / Math.sqrt(Math.PI);
        assertEquals(expected, Evaluator.eval(e, Map.of("p", 8.0, "s", 0.5)), 1e-9);
        assertEquals(expected, CompiledExpr.compile(e, vars).eval(8, 0.5), 1e-9);
        assertEquals(expected, CompiledExpr.compileToBytecode(e, vars).eval(8, 0.5), 1e-9);
        assertEquals("emax", Fn.byName("EMAX").orElseThrow().text());
        // d/dp of p*s*emax(p) = s*(emax(p) + p*emax'(p))
        double d = 0.5 * (NormalMaximum.expected(8) + 8 * NormalMaximum.slope(8));
        assertEquals(d, CompiledExpr.compile(e, vars).derivative(new double[] {8, 0.5}, 0), 1e-9);
    }
}

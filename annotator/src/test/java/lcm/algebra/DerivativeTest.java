package lcm.algebra;

import lcm.annotation.AnnotationReader;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Derivatives in lcm's own algebra, worked by hand. */
class DerivativeTest {

    private static String d(String text, String v) {
        return Derivative.of(AnnotationReader.expression(text), v).expr().text();
    }

    @Test
    void aPolynomialLogModel() {
        // d/dp (a n^2/p + b log2(p) + c p sqrt(p)) = -a n^2/p^2 + b/(p ln 2) + (3/2) c sqrt(p), positive terms first
        String text = "a*n^2/p + b*log2(p) + c*p*sqrt(p)";
        String dT = d(text, "p");
        assertEquals("b/(p*log(2))+1.5*c*sqrt(p)-a*n^2/p^2", dT);
        // at a = 2, n = 10, b = 3, c = 5, p = 4: -2*100/16 + 3/(4*0.693147) + 1.5*5*2 = -12.5 + 1.082021 + 15
        Map<String, Double> at = Map.of("a", 2.0, "n", 10.0, "b", 3.0, "c", 5.0, "p", 4.0);
        assertEquals(3.582021, Evaluator.eval(AnnotationReader.expression(dT), at), 1e-6);
        // and it agrees with a central difference of T
        assertEquals(central(text, at, "p"), Evaluator.eval(AnnotationReader.expression(dT), at), 1e-6);
    }

    @Test
    void theSyntheticFixtures() {
        // T = (100 + 2p^2)/p = 100/p + 2p: dT/dp = -100/p^2 + 2
        assertEquals("-100/p^2+2", d("(100 + 2*p^2)/p", "p"));
        // T = (n^2 + 4 n p^2)/p = n^2/p + 4 n p: dT/dp = -n^2/p^2 + 4n, written positive terms first
        assertEquals("4*n-n^2/p^2", d("(n^2 + 4*n*p^2)/p", "p"));
        // d/dn of the same: 2n/p + 4p
        assertEquals("2*n/p+4*p", d("(n^2 + 4*n*p^2)/p", "n"));
    }

    @Test
    void quotientsLogsExpsAndVariableExponents() {
        // (n/(p+1))' = -n/(p+1)^2
        assertEquals("-n/(p+1)^2", d("n/(p + 1)", "p"));
        // (n ln n)' = ln n + 1
        assertEquals("log(n)+1", d("n*log(n)", "n"));
        // (exp(2p))' = 2 exp(2p); (2^p)' = 2^p ln 2
        assertEquals("2*exp(2*p)", d("exp(2*p)", "p"));
        assertEquals("2^p*log(2)", d("2^p", "p"));
        // sqrt(n^2 + p^2)' = 2p / (2 sqrt(n^2 + p^2)) = p/sqrt(n^2 + p^2)
        assertEquals("p/sqrt(n^2+p^2)", d("sqrt(n^2 + p^2)", "p"));
        // log(p^2)' = 2p/p^2 = 2/p
        assertEquals("2/p", d("log(p^2)", "p"));
    }

    @Test
    void maxOfOtherVariablesIsAConstantFactor() {
        // max(n, 4) does not depend on p: (p max(n, 4))' = max(n, 4)
        assertEquals("max(n, 4)", d("p*max(n, 4)", "p"));
    }

    @Test
    void kinksHaveNoClosedForm() {
        Derivative.NoClosedForm e = assertThrows(Derivative.NoClosedForm.class,
                () -> Derivative.of(AnnotationReader.expression("n^2/p + 16*n^2*max(p - 8, 0)"), "p"));
        assertEquals("the derivative involves the derivative of max, min, ceil, floor or abs, which has no closed "
                + "form in the annotation language (here max(p-8, 0))", e.getMessage());
        for (String kink : new String[] {"ceil(log2(p))", "floor(p/2)", "abs(p - 4)", "min(p, 8)"}) {
            assertThrows(Derivative.NoClosedForm.class, () -> Derivative.of(AnnotationReader.expression(kink), "p"), kink);
        }
    }

    @Test
    void derivativesAgreeWithCentralDifferences() {
        String[] models = {"n^2*log(n)/(3550*p) + n*p*sqrt(p)*log(n)/534540 + 3.36/p",
                "16*(n^2/102400 + 2*n^2*log(n)/142000)/p + 16*n^2*log(p)/1000000/p", "sqrt(n)/(p^2 + n) + exp(p/n)",
                "(n + p)^3/p^2"};
        Map<String, Double> at = new HashMap<>(Map.of("n", 300.0, "p", 7.0));
        for (String m : models) {
            double exact = Evaluator.eval(Derivative.of(AnnotationReader.expression(m), "p").expr(), at);
            double approx = central(m, at, "p");
            assertTrue(Math.abs(exact - approx) <= 1e-6 * Math.max(1, Math.abs(exact)), m + ": " + exact + " vs " + approx);
        }
    }

    private static double central(String text, Map<String, Double> at, String v) {
        Expr e = AnnotationReader.expression(text);
        double h = 1e-5 * at.get(v);
        Map<String, Double> up = new HashMap<>(at);
        Map<String, Double> down = new HashMap<>(at);
        up.put(v, at.get(v) + h);
        down.put(v, at.get(v) - h);
        return (Evaluator.eval(e, up) - Evaluator.eval(e, down)) / (2 * h);
    }
}

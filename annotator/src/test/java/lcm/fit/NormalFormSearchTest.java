package lcm.fit;

import lcm.expr.CompiledExpr;
import lcm.annotation.Category;
import lcm.testing.Synthetic;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NormalFormSearchTest {

    private static Fit best(java.util.function.DoubleUnaryOperator f, double noise) {
        FitResult r = new ModelFitter(CandidateTable.empty()).fit(new FitRequest(
                Synthetic.series("n", Synthetic.N, "pc", f, noise, 7), "pc", Category.PC, List.of("n"), List.of(), true, false));
        return r.best().orElseThrow();
    }

    @Test
    void hasFiftySixTermsAndFifteenHundredNinetySevenHypotheses() {
        assertEquals(56, NormalFormSearch.TERMS.size());
        assertEquals(1597, new NormalFormSearch().size());
    }

    @Test
    void recoversNSquaredLogNExactly() {
        Fit f = best(n -> 5 + 0.25 * n * n * Math.log(n) / Math.log(2), 0);
        assertEquals("k1+k2*n^2*log2(n)", f.candidate().text());
        assertEquals(5, f.coefficients().get(0).value(), 1e-6);
        assertEquals(0.25, f.coefficients().get(1).value(), 1e-12);
        assertEquals("5+0.25*n^2*log2(n)", f.model().text());
    }

    @Test
    void recoversNToTheThreeHalvesExactly() {
        Fit f = best(n -> 3 * Math.pow(n, 1.5), 0);
        // k1 + k2*n^(3/2) fits with k1 ~ 0; the constant, indistinguishable from zero, is dropped
        assertEquals("k1*n^(3/2)", f.candidate().text());
        assertEquals(3, f.coefficients().get(0).value(), 1e-12);
    }

    @Test
    void recoversTwoTermsWithoutNoise() {
        Fit f = best(n -> 10 + 2 * n + 0.01 * n * n, 0);
        assertEquals("k1+k2*n+k3*n^2", f.candidate().text());
        assertEquals(0.01, f.coefficients().get(2).value(), 1e-12);
    }

    @Test
    void keepsTheShapeAmongTheBestAtOnePercentNoise() {
        FitResult r = new ModelFitter(CandidateTable.empty()).fit(new FitRequest(
                Synthetic.series("n", Synthetic.N, "pc", n -> 5 + 0.25 * n * n * Math.log(n) / Math.log(2), 0.01, 7),
                "pc", Category.PC, List.of("n"), List.of(), true, false));
        Fit f = r.best().orElseThrow();
        assertEquals(1, f.r2(), 1e-3);
        double truth = 5 + 0.25 * 2048 * 2048 * 11;
        double predicted = CompiledExpr.compile(f.model(), List.of("n")).eval(new double[] {2048});
        assertEquals(truth, predicted, truth * 0.02, f.model().text());
    }
}

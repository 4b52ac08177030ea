package lcm.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The synthetic pair of fixtures/compare with a crossover worked out by hand:
 * T_A = (100 + 2 p^2)/p = 100/p + 2p and T_B = (60 + 3 p^2)/p = 60/p + 3p, so
 * T_A - T_B = 40/p - p, zero at p = sqrt(40) = 6.324555320336759; B is faster below, A above.
 */
class SyntheticCrossoverTest {

    static final double SQRT40 = Math.sqrt(40);

    private static final Comparison AB = TestModels.compare(
            TestModels.fixtures("fixtures/compare/a.lcm", "fixtures/compare/b.lcm"), "p=1:32");

    @Test
    void theCrossoverIsAtTheSquareRootOfForty() {
        assertEquals(1, AB.crossovers().size(), AB.crossovers().toString());
        Crossover x = AB.crossovers().get(0);
        assertEquals(SQRT40, x.value(), 1e-6 * SQRT40);
        assertEquals(1, x.below(), "b.lcm is best below the crossover");
        assertEquals(0, x.above(), "a.lcm is best above it");
        assertEquals("p", x.along());
        // the real root is no processor count: the winner changes between p = 6 and p = 7
        assertEquals(List.of(6.0, 7.0), List.of(x.lower(), x.upper()));
        assertEquals("between p = 6 and p = 7 (real root p = 6.32455532)", x.where());
    }

    @Test
    void theBestStructureMapHasTwoIntervals() {
        List<Region> r = AB.regions();
        assertEquals(2, r.size());
        assertEquals(1, r.get(0).model());
        // p is an integer: b.lcm at p = 1..6 (T_A(6) - T_B(6) = 40/6 - 6 = 0.67 > 0), a.lcm at 7..32 (40/7 - 7 = -1.29)
        assertEquals(1.0, r.get(0).extent().get("p").from());
        assertEquals(6.0, r.get(0).extent().get("p").to());
        assertEquals(0, r.get(1).model());
        assertEquals(7.0, r.get(1).extent().get("p").from());
        assertEquals(32.0, r.get(1).extent().get("p").to());
        assertTrue(AB.verdict().winner().isEmpty());
        assertTrue(AB.verdict().text().contains("b.lcm for p in [1, 6], a.lcm for p in [7, 32]"),
                AB.verdict().text());
    }

    @Test
    void theDifferenceSimplifiesToFortyOverPMinusP() {
        assertEquals("40/p-p", AB.difference().expr().text());
    }

    @Test
    void speedupEfficiencyAndTheBestP() {
        ProcessorAnalysis a = AB.processors().get(0);
        // T_A(1) = 102, T_A(4) = 25 + 8 = 33: speedup 102/33 = 3.0909..., efficiency 3.0909/4 = 0.7727...
        double at4 = lcm.expr.Evaluator.eval(a.speedup().orElseThrow(), java.util.Map.of("p", 4.0));
        assertEquals(102.0 / 33, at4, 1e-12);
        double eff4 = lcm.expr.Evaluator.eval(a.efficiency().orElseThrow(), java.util.Map.of("p", 4.0));
        assertEquals(102.0 / 33 / 4, eff4, 1e-12);
        // dT_A/dp = 2 - 100/p^2 = 0 at p = sqrt(50) = 7.0710678..., a real root; the best integer p is 7:
        // T_A(7) = 100/7 + 14 = 28.2857..., T_A(8) = 12.5 + 16 = 28.5
        assertEquals(0.0, lcm.expr.Evaluator.eval(a.derivative().orElseThrow(), java.util.Map.of("p", Math.sqrt(50))),
                1e-12);
        BestP best = a.bestP().get(0);
        assertEquals(7.0, best.p());
        assertEquals(100.0 / 7 + 14, best.time(), 1e-12);
        assertTrue(best.stationary());
        // T_B: 3 - 60/p^2 = 0 at p = sqrt(20) = 4.4721...; T_B(4) = 15 + 12 = 27 = T_B(5) = 12 + 15: the first, 4
        assertEquals(4.0, AB.processors().get(1).bestP().get(0).p());
    }

    @Test
    void threeModelsGiveTwoCrossovers() {
        // T_C = 30/p + 5p; T_B - T_C = 30/p - 2p = 0 at p = sqrt(15) = 3.8729833...
        // at p = 1: A 102, B 63, C 35 (C best); at p = 32: A 67.1, B 97.9, C 160.9 (A best)
        Comparison abc = TestModels.compare(TestModels.fixtures("fixtures/compare/a.lcm", "fixtures/compare/b.lcm",
                "fixtures/compare/c.lcm"), "p=1:32");
        assertEquals(2, abc.crossovers().size());
        Crossover first = abc.crossovers().get(0);
        assertEquals(Math.sqrt(15), first.value(), 1e-6 * Math.sqrt(15));
        assertEquals(List.of(2, 1), List.of(first.below(), first.above()));
        Crossover second = abc.crossovers().get(1);
        assertEquals(SQRT40, second.value(), 1e-6 * SQRT40);
        assertEquals(List.of(1, 0), List.of(second.below(), second.above()));
        assertEquals(List.of(2, 1, 0), abc.regions().stream().map(Region::model).toList());
        assertEquals(2, abc.differences().size());
        assertEquals("70/p-3*p", abc.differences().get(1).expr().text(), "T_A - T_C = 70/p - 3p");
    }

    @Test
    void identicalModelsTie() {
        Comparison same = TestModels.compare(List.of(TestModels.of("x", "100/p + 2*p"), TestModels.of("y", "2*p + 100/p")),
                "p=1:32");
        assertEquals("x and y take the same time everywhere in the range (p from 1 to 32).", same.verdict().text());
        assertEquals("0", same.difference().expr().text());
        assertEquals(List.of(), same.crossovers());
    }

    @Test
    void aCoarseGridStillPlacesTheCrossoverExactly() {
        Comparison coarse = new Comparer(CompareRequest.defaults().withRange("p=1:32").withPoints(4)).compare(
                TestModels.fixtures("fixtures/compare/a.lcm", "fixtures/compare/b.lcm"));
        // samples at p = 1, 11.33, 21.67, 32: the change lies between the first two
        assertEquals(SQRT40, coarse.crossovers().get(0).value(), 1e-6 * SQRT40);
        assertFalse(coarse.regions().isEmpty());
    }
}

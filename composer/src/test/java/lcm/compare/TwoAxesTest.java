package lcm.compare;

import lcm.expr.NumberText;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crossovers, regions and best p over n x p, on models whose answers are known in closed form.
 */
class TwoAxesTest {

    /**
     * fixtures/compare/np_a.lcm and np_b.lcm: T_a = n^2/p + 4 n p, T_b = 2 n^2/p + n p;
     * T_a - T_b = 3 n p - n^2/p = 0 at p = sqrt(n/3), i.e. n = 3 p^2.
     */
    private static final Comparison NP = TestModels.compare(
            TestModels.fixtures("fixtures/compare/np_a.lcm", "fixtures/compare/np_b.lcm"), "n=64:1024,p=1:32");

    @Test
    void everyGridCrossoverLiesOnNEqualsThreePSquared() {
        assertTrue(NP.crossovers().size() > 200, "one per row and about one per column: " + NP.crossovers().size());
        for (Crossover x : NP.crossovers()) {
            double n = x.at().get("n");
            double p = x.at().get("p");
            if (x.along().equals("p")) {
                assertEquals(Math.sqrt(n / 3), p, 1e-6 * p);
                assertEquals(List.of(0, 1), List.of(x.below(), x.above()), "a below sqrt(n/3), b above");
            } else {
                assertEquals(3 * p * p, n, 1e-6 * n);
                assertEquals(List.of(1, 0), List.of(x.below(), x.above()), "b for small n, a for large n");
            }
        }
        // the shown rows: n = 64 gives p = sqrt(64/3) = 4.6188022, n = 1024 gives 18.4752086
        Comparison.RowView first = NP.rows().get(0);
        assertEquals(64.0, first.row());
        assertEquals(Math.sqrt(64 / 3.0), first.crossovers().get(0).value(), 1e-9);
        assertEquals(1024.0, NP.rows().get(NP.rows().size() - 1).row());
    }

    @Test
    void regionsTileTheDomain() {
        double area = 0;
        for (Region r : NP.regions()) {
            Region.Interval n = r.extent().get("n");
            Region.Interval p = r.extent().get("p");
            assertTrue(n.to() >= n.from() && p.to() >= p.from(), r.toString());
            area += (n.to() - n.from()) * (p.to() - p.from() + 1); // p takes the integers from..to
            // a region's p cuts are the crossovers at its rows, so its middle is won by its model
            double pm = (p.from() + p.to()) / 2;
            double nm = (n.from() + n.to()) / 2;
            double ta = nm * nm / pm + 4 * nm * pm;
            double tb = 2 * nm * nm / pm + nm * pm;
            if (Math.abs(Math.sqrt(nm / 3) - pm) > 1) {
                assertEquals(ta < tb ? 0 : 1, r.model(), r.toString());
            }
        }
        assertEquals((1024 - 64) * 32, area, 1e-6 * area); // 32 processor counts, 1 to 32
    }

    @Test
    void theBestPIsSymbolicInN() {
        // dT_a/dp = 4 n - n^2/p^2 = 0 at p = sqrt(n)/2: 4 at n = 64, 16 at n = 1024
        ProcessorAnalysis a = NP.processors().get(0);
        assertEquals(ProcessorAnalysis.Method.SYMBOLIC, a.method());
        assertEquals(5, a.bestP().size());
        // p is an integer: the best is the neighbour of the root with the smaller T_a = n^2/p + 4 n p.
        // n = 128: root sqrt(128)/2 = 5.657; T(5) = 3276.8 + 2560 = 5836.8, T(6) = 2730.67 + 3072 = 5802.67: 6
        // n = 512: root 11.31; T(11) = 23831.27 + 22528 = 46359.27, T(12) = 21845.33 + 24576 = 46421.33: 11
        assertEquals(List.of(4.0, 6.0, 8.0, 11.0, 16.0), a.bestP().stream().map(BestP::p).toList());
        assertEquals(128 * 128 / 6.0 + 4 * 128 * 6, a.bestP().get(1).time(), 1e-9);
        // T_b: n - 2 n^2/p^2 = 0 at p = sqrt(2 n): 11.31 at n = 64 (T_b = 2 n^2/p + n p: T(11) = 744.73 + 704
        // = 1448.73, T(12) = 682.67 + 768 = 1450.67, so 11); 45.25 at n = 1024 is past 32, so 32
        ProcessorAnalysis b = NP.processors().get(1);
        assertEquals(11.0, b.bestP().get(0).p());
        BestP last = b.bestP().get(b.bestP().size() - 1);
        assertEquals(32.0, last.p());
        assertTrue(!last.stationary());
    }

    @Test
    void theDefaultBarsRunAcrossPAtTheLargestN() {
        List<String> shown = NP.bars().stream().map(NumberText::point).toList();
        assertEquals(List.of("n = 1024, p = 1", "n = 1024, p = 2", "n = 1024, p = 4", "n = 1024, p = 8", "n = 1024, p = 16",
                "n = 1024, p = 32"), shown);
        // the bars' categories are each model's share of T_P: at n = 1024, p = 32 np_a has pc = n^2 = 1048576
        // and sl = 4 n p^2 = 4194304 processor-seconds, 32768 s and 131072 s of its T_P = 163840 s
        double[] share = CategoryValues.shareOfTime(NP.fixed().get(0), NP.bars().get(5));
        assertEquals(32768.0, share[lcm.annotation.Category.PC.ordinal()], 1e-6);
        assertEquals(131072.0, share[lcm.annotation.Category.SL.ordinal()], 1e-6);
    }

    @Test
    void aBoundaryParallelToTheColumnAxisMergesIntoTwoRectangles() {
        // both T proportional to n: the change is at p = sqrt(40) whatever n is
        Comparison c = TestModels.compare(List.of(TestModels.of("a", "n*(100/p + 2*p)"),
                TestModels.of("b", "n*(60/p + 3*p)")), "n=64:1024,p=1:32");
        assertEquals(2, c.regions().size(), c.regions().toString());
        Region first = c.regions().get(0);
        assertEquals(1, first.model());
        assertEquals(new Region.Interval(64, 1024), first.extent().get("n"));
        assertEquals(6.0, first.extent().get("p").to(), "the root sqrt(40) = 6.32 lies between p = 6 and 7");
        assertEquals(7.0, c.regions().get(1).extent().get("p").from());
        assertEquals(0, c.regions().get(1).model());
    }

    @Test
    void aBoundaryParallelToTheRowAxisIsPlacedByBisectionToo() {
        // n^2/p against 300 n/p: the first is faster below n = 300 for every p
        Comparison c = TestModels.compare(List.of(TestModels.of("square", "n^2/p"),
                TestModels.of("linear", "300*n/p")), "n=64:1024,p=1:32");
        assertEquals(2, c.regions().size(), c.regions().toString());
        assertEquals(0, c.regions().get(0).model());
        assertEquals(300.0, c.regions().get(0).extent().get("n").to(), 1e-9);
        assertEquals(new Region.Interval(1, 32), c.regions().get(0).extent().get("p"));
        assertEquals(300.0, c.regions().get(1).extent().get("n").from(), 1e-9);
        for (Crossover x : c.crossovers()) {
            assertEquals("n", x.along());
            assertEquals(300.0, x.at().get("n"), 1e-9);
        }
    }

    @Test
    void fixedVariablesAreSubstituted() {
        Comparison c = new Comparer(CompareRequest.defaults().withRange("p=1:32").withFix("n=300")).compare(List.of(
                TestModels.of("square", "n^2/p + p"), TestModels.of("linear", "300*n/p + 2*p")));
        // at n = 300 the first terms are equal: p < 2p, the first wins everywhere
        assertEquals(0, c.verdict().winner().orElseThrow());
        assertEquals(Map.of("n", 300.0), c.domain().fixed());
        assertEquals("--fix", c.domain().origins().get("n"));
        assertEquals("-p", c.difference().expr().text());
    }
}

package lcm.compare;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thesis' Table 5.3 (section 5.3.2): the data parallel and task parallel 2D FFT on the KSR1
 * as functions of n at p = 26. The thesis concludes that "the task parallel implementation will
 * always perform more poorly than the pure data parallel implementation": no crossover.
 */
class Table53Test {

    private static final Comparison C = TestModels.compare(
            TestModels.fixtures("fixtures/ksr1/dp_table53.lcm", "fixtures/ksr1/tp_table53.lcm"), "n=64:1024");

    /** The table's left column summed, over p = 26. */
    static double dataParallel(double n) {
        double l = Math.log(n);
        return (n * n * l / 3550 + n * l / 63.0 + 3.36 + 0 + n * n / 14900 + n * n / 20100) / 26;
    }

    /** The right column. */
    static double taskParallel(double n) {
        double l = Math.log(n);
        return (n * n * l / 3350 + n * l / 81.9 + n * n / 992 + n * n / 31600 + n * n / 12200 + n * n / 35600) / 26;
    }

    @Test
    void dataParallelIsFasterEverywhereWithNoCrossover() {
        assertEquals(0, C.verdict().winner().orElseThrow(), C.verdict().text());
        assertEquals(List.of(), C.crossovers());
        assertEquals(1, C.regions().size());
        Region r = C.regions().get(0);
        assertEquals(0, r.model());
        assertEquals(new Region.Interval(64, 1024), r.extent().get("n"));
        assertTrue(C.verdict().text().startsWith("dp_table53.lcm is faster everywhere in the range (n from 64 to 1024): "
                + "no crossover."), C.verdict().text());
    }

    @Test
    void theModelsAreTheTablesColumnsOverTwentySix() {
        // n = 64: log 64 = 4.1588831; data parallel: 4096*4.1588831/3550 = 4.79853, 64*4.1588831/63 = 4.22490,
        // 3.36, 4096/14900 = 0.27490, 4096/20100 = 0.20378: 12.86211 processor-seconds, T = 0.494697 s
        assertEquals(0.494697, dataParallel(64), 1e-6);
        for (int i = 0; i < C.grid().columns(); i++) {
            double n = C.grid().columnValue(i);
            assertEquals(dataParallel(n), C.grid().times()[0][i], 1e-12 * dataParallel(n));
            assertEquals(taskParallel(n), C.grid().times()[1][i], 1e-12 * taskParallel(n));
        }
        assertEquals(List.of("n"), C.models().get(0).variables(), "vars: p = 26 leaves n only");
    }

    @Test
    void theMarginIsNarrowestAtTheSmallestN() {
        // task - data at n = 64, in processor-seconds: n^2 log n (1/3350 - 1/3550) = 0.28648,
        // n log n (1/81.9 - 1/63) = -0.97498, n^2 (1/992 + 1/31600 + 1/12200 + 1/35600 - 1/14900 - 1/20100)
        // = 4.23077, - 3.36: 0.18227 in all, 0.0070104 s over 26, 1.42 % of 0.494694 s
        double margin = taskParallel(64) / dataParallel(64) - 1;
        assertEquals(0.0142, margin, 5e-4);
        assertEquals(margin, C.verdict().marginMin(), 1e-9);
        // the widest margin, over the same grid computed here: 52 % (inside the range, not at n = 1024)
        double widest = 0;
        for (int i = 0; i < C.grid().columns(); i++) {
            double n = C.grid().columnValue(i);
            widest = Math.max(widest, taskParallel(n) / dataParallel(n) - 1);
        }
        assertEquals(widest, C.verdict().marginMax(), 1e-9);
        assertEquals(0.52, widest, 0.01);
    }

    @Test
    void neitherModelHasP() {
        for (ProcessorAnalysis a : C.processors()) {
            assertEquals(ProcessorAnalysis.Method.NONE, a.method());
            assertTrue(a.note().contains("does not depend on p"), a.note());
        }
        assertEquals(Map.of(), C.domain().fixed());
    }
}

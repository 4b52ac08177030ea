package lcm.compare;

import lcm.TestRepo;
import lcm.compose.ComposeOptions;
import lcm.compose.MachineReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bundled 2D FFT sources (fixtures/fft2d/tp.f against dp.f, KSR1 machine, itors = 16),
 * checked against the programs' models composed by hand from their fragment models
 * (docs/fft2d.md): whatever those models say about which structure is faster, lcm compare must
 * say the same at every grid point.
 */
class Fft2dCompareTest {

    static final double ITORS = 16;
    static Comparison c;

    @BeforeAll
    static void compare() {
        SourceRegistry sources = new SourceRegistry();
        ComposeOptions options = ComposeOptions.defaults()
                .withMachine(MachineReader.read(TestRepo.file("fixtures/machines/ksr1.machine"), sources));
        List<Alternative> models = new AlternativeLoader(sources, options).loadAll(List.of(
                TestRepo.file("fixtures/fft2d/tp.f").toString(), TestRepo.file("fixtures/fft2d/dp.f").toString()));
        c = new Comparer(CompareRequest.defaults().withFix("itors=16").withPoints(41)).compare(models);
    }

    // the fragment models of fixtures/fft2d, {pc, li, ip, sl, cl, rc} in processor-seconds
    static double[] initialize(double n, double p) {
        return new double[] {n * n / 102400, n * p * Math.sqrt(p) / 1600000, 0.002 * p, 0, n * n * p / 50000000,
                n * n * Math.max(p - 4, 0) / 28300000};
    }

    static double[] cffts(double n, double p) {
        return new double[] {n * n * Math.log(n) / 142000, n * Math.log(n) * p * Math.sqrt(p) / 2300000, 0.002 * p, 0,
                n * n * p / 25000000, n * n * Math.max(p - 4, 0) / 28300000};
    }

    static double[] transpose(double n, double p) {
        return new double[] {n * n / 68300, n * p * Math.sqrt(p) / 1100000, 0.002 * p, 0, n * n * p / 12500000,
                n * n * Math.max(p - 4, 0) / 14150000};
    }

    static double time(double[] c, double p) {
        double s = 0;
        for (double x : c) {
            s += x;
        }
        return s / p;
    }

    /** tp.f: two sections on p/2 processors each, then max; 0.05 s + 0.01 s of serial start and end. */
    static double taskParallel(double n, double p) {
        double half = p / 2;
        double task1 = ITORS * (time(initialize(n, half), half) + time(cffts(n, half), half));
        double task2 = ITORS / 2 * (time(transpose(n, half), half) + time(cffts(n, half), half));
        return 0.06 + Math.max(task1, task2);
    }

    /**
     * dp.f: the four loops in sequence on p processors, less the transfer of a(k) (8 n^2 bytes)
     * that the restructuring removes: CL 8.75e-6 + 8 n^2/3.2e7, RC 2e-9 max(p - 1, 0) 8 n^2
     * (the KSR1 file: no contention for one reader).
     */
    static double dataParallel(double n, double p) {
        double transfer = 8.75e-6 + 8 * n * n / 3.2e7 + 2e-9 * Math.max(p - 1, 0) * 8 * n * n;
        double perIteration = time(initialize(n, p), p) + 2 * time(cffts(n, p), p) + time(transpose(n, p), p)
                - transfer / p;
        return 0.06 + ITORS * perIteration;
    }

    @Test
    void theGridHoldsTheHandComposedTimes() {
        Grid g = c.grid();
        for (int r = 0; r < g.rows(); r++) {
            for (int col = 0; col < g.columns(); col++) {
                double n = g.rowValue(r);
                double p = g.columnValue(col);
                int i = g.index(r, col);
                assertEquals(taskParallel(n, p), g.times()[0][i], 1e-9 * taskParallel(n, p), "tp.f at n=" + n + " p=" + p);
                assertEquals(dataParallel(n, p), g.times()[1][i], 1e-9 * dataParallel(n, p), "dp.f at n=" + n + " p=" + p);
            }
        }
    }

    @Test
    void theVerdictIsTheHandComputationsVerdict() {
        Grid g = c.grid();
        int tpWins = 0;
        double narrowest = Double.POSITIVE_INFINITY;
        for (int r = 0; r < g.rows(); r++) {
            for (int col = 0; col < g.columns(); col++) {
                double tp = taskParallel(g.rowValue(r), g.columnValue(col));
                double dp = dataParallel(g.rowValue(r), g.columnValue(col));
                int best = tp <= dp ? 0 : 1;
                assertEquals(best, g.best()[g.index(r, col)]);
                tpWins += best == 0 ? 1 : 0;
                narrowest = Math.min(narrowest, Math.abs(dp / tp - 1));
            }
        }
        // with these fragment models the task parallel structure wins at all 41 x 41 points:
        // at n = 1024, p = 26 tp.f takes 77.77 s and dp.f 84.67 s
        assertEquals(g.size(), tpWins);
        assertEquals(0, c.verdict().winner().orElseThrow());
        assertEquals(List.of(), c.crossovers());
        assertEquals(narrowest, c.verdict().marginMin(), 1e-9);
        assertEquals(77.7656, taskParallel(1024, 26), 1e-4);
        assertEquals(84.6685, dataParallel(1024, 26), 1e-4);
    }

    @Test
    void itorsIsFixedAndNAndPRange() {
        assertEquals(List.of("n", "p"), c.domain().axes().stream().map(Axis::variable).toList());
        assertEquals(16.0, c.domain().fixed().get("itors"));
        assertEquals("--fix", c.domain().origins().get("itors"));
        assertTrue(c.models().get(0).variables().contains("itors"));
    }

    @Test
    void theBestPIsNumericBecauseTheModelsHoldMax() {
        for (int m = 0; m < 2; m++) {
            ProcessorAnalysis a = c.processors().get(m);
            assertEquals(ProcessorAnalysis.Method.NUMERIC, a.method());
            assertTrue(a.derivative().isEmpty());
            assertTrue(a.derivativeNote().contains("max"), a.derivativeNote());
            for (BestP b : a.bestP()) {
                // whatever the search found, no sampled p in the range does better
                for (int k = 0; k <= 310; k++) {
                    double p = 1 + 31.0 * k / 310;
                    double t = m == 0 ? taskParallel(b.row(), p) : dataParallel(b.row(), p);
                    assertTrue(b.time() <= t * (1 + 1e-12), "n = " + b.row() + ", p = " + p);
                }
            }
        }
    }
}

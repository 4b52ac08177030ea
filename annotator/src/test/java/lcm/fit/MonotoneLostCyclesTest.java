package lcm.fit;

import lcm.annotation.Category;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A lost-cycle model that decreases with p, or is negative where measured, is flagged; pc is not. */
class MonotoneLostCyclesTest {

    private static FitResult fit(Category c, double[] p, double[] y) {
        double[][] x = new double[p.length][];
        for (int i = 0; i < p.length; i++) {
            x[i] = new double[] {p[i]};
        }
        Series s = Series.of(List.of("p"), x, y);
        return new ModelFitter(CandidateTable.defaults()).fit(new FitRequest(List.of(), c.key(), c, List.of("p"), List.of(),
                false, true), s);
    }

    private static List<String> suspicious(FitResult r) {
        List<String> out = new ArrayList<>();
        r.notes().stream().filter(n -> n.startsWith("suspicious: ")).forEach(out::add);
        return out;
    }

    @Test
    void synchronizationLossThatFallsWithPIsRejectedBeyondTheGrid() {
        // sl = 1e-3*n*(40 - p) over n = 16 .. 256, p = 1 .. 32: positive, falling with p (sl, not li:
        // li is 0 on one processor, and its forms of p grow from 0 there). The
        // models that follow the data go negative at p = 64 (2x the largest p) and beyond, at 36 of
        // the 90 points of the grid's extension (n*(40 - p) < 0 for p = 64, 128, 256, 512 at each of
        // the 9 values of n): rejected, as one-variable models that go negative are.
        List<double[]> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (double n : new double[] {16, 32, 64, 128, 256}) {
            for (double p : new double[] {1, 2, 4, 8, 16, 32}) {
                xs.add(new double[] {n, p});
                ys.add(1e-3 * n * (40 - p));
            }
        }
        Series s = Series.of(List.of("n", "p"), xs.toArray(new double[0][]), ys.stream().mapToDouble(Double::doubleValue).toArray());
        FitResult r = new ModelFitter(CandidateTable.defaults()).fit(new FitRequest(List.of(), "sl", Category.SL,
                List.of("n", "p"), List.of(), false, true), s);
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("0.04*n-0.001*n*p is negative at 36 of 90 points of the "
                + "measured grid")), r.notes().toString());
        String chosen = r.best().orElseThrow().model().text();
        assertTrue(!chosen.contains("-"), "a model that stays non-negative is chosen: " + chosen);
    }

    @Test
    void risingLostCyclesAndFallingComputationAreNotFlagged() {
        double[] p = {1, 2, 4, 8, 16, 32};
        double[] li = new double[p.length];
        double[] pc = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            li[i] = 0.01 * p[i] * Math.sqrt(p[i]);
            pc[i] = 5 + 100 / p[i];
        }
        assertEquals(List.of(), suspicious(fit(Category.LI, p, li)));
        assertEquals(List.of(), suspicious(fit(Category.PC, p, pc)));
    }
}

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
    void loadImbalanceThatFallsWithPIsFlagged() {
        // li = 1e-3*n*(40 - p) over n = 16 .. 256, p = 1 .. 32: positive, falling with p. One
        // variable would not show it (falling forms go negative beyond the data and are rejected);
        // the two-variable model follows the data and is flagged.
        List<double[]> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (double n : new double[] {16, 32, 64, 128, 256}) {
            for (double p : new double[] {1, 2, 4, 8, 16, 32}) {
                xs.add(new double[] {n, p});
                ys.add(1e-3 * n * (40 - p));
            }
        }
        Series s = Series.of(List.of("n", "p"), xs.toArray(new double[0][]), ys.stream().mapToDouble(Double::doubleValue).toArray());
        FitResult r = new ModelFitter(CandidateTable.defaults()).fit(new FitRequest(List.of(), "li", Category.LI,
                List.of("n", "p"), List.of(), false, true), s);
        List<String> flagged = suspicious(r);
        assertEquals(1, flagged.size(), r.best().map(f -> f.model().text()).orElse("-") + " " + r.notes());
        assertTrue(flagged.get(0).contains("decreases with p near n = 16, p = "), flagged.get(0));
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

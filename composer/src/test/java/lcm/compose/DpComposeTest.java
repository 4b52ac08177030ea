package lcm.compose;

import lcm.machine.MachineDescription;
import lcm.machine.MachineDescriptionReader;
import lcm.TestRepo;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The data-parallel 2D FFT, restructured from the task-parallel one and composed with the
 * models measured there (thesis section 6.3.2): a serial node, no LI+, and the transfer of
 * a(k) between the tasks removed, so communication loss falls.
 */
class DpComposeTest {

    static ComposedModel model;
    static SourceRegistry sources = new SourceRegistry();

    @BeforeAll
    static void compose() {
        MachineDescription ksr1 = MachineDescriptionReader.read(TestRepo.file("fixtures/machines/ksr1.machine"), sources);
        model = new Composer(ComposeOptions.defaults().withoutSimplification().withMachine(ksr1)).compose(
                new ProgramReader(sources).read(List.of(TestRepo.file("fixtures/fft2d/dp.f"))).orThrow());
    }

    @Test
    void noStructuralLoadImbalance() {
        assertFalse(model.steps().stream().anyMatch(s -> s.rule().startsWith("LI+")));
        assertFalse(model.steps().stream().anyMatch(s -> s.rule().startsWith("default rule: each of")));
    }

    @Test
    void noTransferInTheStructureTheModelsWereMeasuredIn() {
        // the LUB of cffts -> transpose is the serial loop over k: no transfer, nothing to add or remove
        assertEquals(0, model.transfers().size());
    }

    /**
     * At p = 26 the composed categories are Table 5.3's data parallel models, from which the
     * fragment models were derived (docs/fft2d.md): at n = 1024, ln n = 6.931472,
     *   pc = 64 * n^2 ln n / 227200 = n^2 ln n / 3550 = 2047.37
     *   li = 64 * n ln n * 26 sqrt(26) / 534540 = n ln n / 63.0 = 112.66
     *   ip = 25 * (0.0672 + 0.0672) = 3.36 (the serial start and end, the other 25 processors idle)
     *   cl = 64 * n^2 * 26 / 24793600 = n^2 / 14900 = 70.37
     *   rc = 64 * n^2 * 25 / 32160000 = n^2 / 20100 = 52.17
     */
    @Test
    void atP26TheCategoriesAreTable53sDataParallelModels() {
        for (double n : new double[] {64, 256, 1024}) {
            Map<String, Double> at = Map.of("n", n, "p", 26.0, "itors", 16.0);
            double ln = Math.log(n);
            // pc: the serial fragments add 0.1344 s of computation
            assertEquals(n * n * ln / 3550 + 0.1344, Evaluator.eval(model.categories().get(Category.PC), at), 1e-9 * n * n);
            assertEquals(n * ln / 63.0, Evaluator.eval(model.categories().get(Category.LI), at), 1e-5 * n * ln / 63);
            assertEquals(3.36, Evaluator.eval(model.categories().get(Category.IP), at), 1e-12);
            assertEquals(n * n / 14900, Evaluator.eval(model.categories().get(Category.CL), at), 1e-9 * n * n);
            assertEquals(n * n / 20100, Evaluator.eval(model.categories().get(Category.RC), at), 1e-9 * n * n);
        }
    }

    /** Many points at once (each expression compiled once) give each point's one-point values, to the bit. */
    @Test
    void manyPointsAtOnceAreEachPointsValues() {
        List<Map<String, Double>> points = new java.util.ArrayList<>();
        for (double n = 64; n <= 1024; n *= 2) {
            for (double p = 2; p <= 32; p *= 2) {
                points.add(Map.of("n", n, "p", p, "itors", 16.0));
            }
        }
        List<ComposedModel.PointValues> all = model.evaluate(points);
        assertEquals(25, all.size());
        for (int i = 0; i < points.size(); i++) {
            assertEquals(model.evaluate(points.get(i)), all.get(i), points.get(i).toString());
        }
        // a point that lacks a variable still gets the one-point evaluation's error
        assertThrows(Evaluator.Unbound.class, () -> model.evaluate(List.of(Map.of("n", 64.0, "p", 2.0, "itors", 16.0), Map.of("p", 2.0))));
    }
}

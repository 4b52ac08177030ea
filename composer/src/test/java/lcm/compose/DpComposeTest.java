package lcm.compose;

import lcm.pipeline.Pipeline;
import lcm.TestRepo;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        Machine ksr1 = MachineReader.read(TestRepo.file("fixtures/machines/ksr1.machine"), sources);
        model = new Pipeline(sources).compose(List.of(TestRepo.file("fixtures/fft2d/dp.f")),
                ComposeOptions.defaults().withoutSimplification().withMachine(ksr1), new Diagnostics());
    }

    @Test
    void noStructuralLoadImbalance() {
        assertFalse(model.steps().stream().anyMatch(s -> s.rule().startsWith("LI+")));
        assertFalse(model.steps().stream().anyMatch(s -> s.rule().startsWith("default rule: each of")));
    }

    @Test
    void theTransferOfTheMatrixIsRemoved() {
        assertEquals(1, model.transfers().size());
        Transfer t = model.transfers().get(0);
        assertEquals("a(k)", t.item().text());
        assertEquals("cffts", t.from());
        assertEquals("transpose", t.to());
        assertEquals(Transfer.Change.REMOVED, t.change());
        assertEquals("main:12", t.lub(), "in dp.f the LUB is the serial loop over k");
        assertEquals("1", t.multiplicity().text());
        assertEquals("p", t.readers().orElseThrow().text(), "transpose now runs on all p processors");
    }

    @Test
    void communicationLossFallsByOneTransferPerIteration() {
        double n = 1024;
        double p = 26;
        double itors = 16;
        Map<String, Double> at = Map.of("n", n, "p", p, "itors", itors);
        double fragmentsCl = itors * (Fft2dModels.initialize(n, p)[4] + 2 * Fft2dModels.cffts(n, p)[4]
                + Fft2dModels.transpose(n, p)[4]);
        // KSR1: latency 8.75e-6 s, 3.2e7 B/s; a(k) is 8 n^2 bytes; once per iteration of the loop
        double transferCl = 8.75e-6 + 8 * n * n / 3.2e7;
        double cl = Evaluator.eval(model.categories().get(Category.CL), at);
        assertEquals(fragmentsCl - itors * transferCl, cl, 1e-9 * cl);
        assertTrue(cl < fragmentsCl);

        double transferRc = Math.max(2e-9 * p - 1e-9, 0) * 8 * n * n;
        double fragmentsRc = itors * (Fft2dModels.initialize(n, p)[5] + 2 * Fft2dModels.cffts(n, p)[5]
                + Fft2dModels.transpose(n, p)[5]);
        assertEquals(fragmentsRc - itors * transferRc, Evaluator.eval(model.categories().get(Category.RC), at),
                1e-9 * fragmentsRc);

        double perIteration = Fft2dModels.time(Fft2dModels.initialize(n, p), p)
                + 2 * Fft2dModels.time(Fft2dModels.cffts(n, p), p)
                + Fft2dModels.time(Fft2dModels.transpose(n, p), p)
                - (transferCl + transferRc) / p;
        double expected = 0.06 + itors * perIteration;
        assertEquals(expected, Evaluator.eval(model.time(), at), 1e-9 * expected);
        assertEquals(0.0, Evaluator.eval(model.categories().get(Category.SL), at));
    }
}

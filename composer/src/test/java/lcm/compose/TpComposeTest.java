package lcm.compose;

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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The task-parallel 2D FFT composed as in the thesis' section 6.3.1: each loop gets p/2, the
 * two tasks are sums, LI+ at the sections node, the a(k) transfer exists and is "same".
 */
class TpComposeTest {

    static ComposedModel model;

    @BeforeAll
    static void compose() {
        model = new Composer(ComposeOptions.defaults().withoutSimplification()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(TestRepo.file("fixtures/fft2d/tp.f"))).orThrow());
    }

    @Test
    void eachLoopGetsHalfTheProcessors() {
        long defaults = model.steps().stream()
                .filter(s -> s.rule().startsWith("default rule: each of T = 2 tasks gets p/T"))
                .filter(s -> s.expression().orElseThrow().text().equals("0.5*p")).count();
        assertEquals(2, defaults, "both tasks of the sections node get p/2");
        for (String fragment : List.of("initialize", "cffts", "transpose")) {
            assertTrue(model.steps().stream().anyMatch(s -> s.node().equals(fragment)
                    && s.rule().startsWith("fragment model pc") && s.rule().endsWith("at p = 0.5*p")), fragment);
        }
    }

    @Test
    void withoutRulesTheModelIsTheSameAndNoRuleIsKept() {
        // compose without --explain keeps no rules (their expressions held every node's model alive)
        ComposedModel bare = new Composer(ComposeOptions.defaults().withoutSimplification().withoutRules()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(TestRepo.file("fixtures/fft2d/tp.f"))).orThrow());
        assertTrue(bare.steps().isEmpty());
        assertFalse(model.steps().isEmpty());
        assertEquals(model.time(), bare.time());
        assertEquals(model.categories(), bare.categories());
        assertEquals(model.transfers(), bare.transfers());
    }

    @Test
    void loadImbalanceIsAddedAtTheSectionsNode() {
        assertTrue(model.steps().stream().anyMatch(s -> s.node().equals("main:12") && s.rule().startsWith("LI+")));
        assertTrue(model.steps().stream().anyMatch(s -> s.node().equals("main:12")
                && s.rule().startsWith("parallel node: T = max")));
    }

    @Test
    void theMatrixTransferIsAddedBetweenTheTasks() {
        assertEquals(1, model.transfers().size());
        Transfer t = model.transfers().get(0);
        assertEquals("a(k)", t.item().text());
        assertEquals("cffts", t.from());
        assertEquals("transpose", t.to());
        assertEquals("main:12", t.lub());
        assertEquals(Transfer.Kind.TRUE, t.kind());
        // the models were measured in dp.f (measured-in), where the matrix never crosses tasks
        assertEquals(Transfer.Change.ADDED, t.change());
        assertEquals("itors", t.multiplicity().text());
        assertEquals("8*n^2", t.bytes().orElseThrow().text(), "real a(n,n,2,itors): a(k) is 4*n*n*2 bytes");
    }

    @Test
    void timeMatchesTheHandComposition() {
        double n = 1024;
        double p = 26;
        double itors = 16;
        double half = p / 2;
        // each task is a sum of its loops' times, each loop on p/2 processors
        double task1 = itors * (Fft2dModels.time(Fft2dModels.initialize(n, half), half)
                + Fft2dModels.time(Fft2dModels.cffts(n, half), half));
        double task2 = itors * (Fft2dModels.time(Fft2dModels.transpose(n, half), half)
                + Fft2dModels.time(Fft2dModels.cffts(n, half), half));
        // the serial start and end fragments take 0.0672 s each on one processor (the other
        // p - 1 idle: IP+ 25 * 0.1344 = 3.36); without a machine file the added transfer costs nothing
        double expected = 2 * Fft2dModels.SERIAL + Math.max(task1, task2);
        Map<String, Double> at = Map.of("n", n, "p", p, "itors", itors);
        assertEquals(expected, Evaluator.eval(model.time(), at), 1e-9 * expected);

        // LI+ = p/2 (max - T1) + p/2 (max - T2), on top of the fragments' own load imbalance
        double fragmentsLi = itors * (Fft2dModels.initialize(n, half)[1] + Fft2dModels.cffts(n, half)[1])
                + itors * (Fft2dModels.transpose(n, half)[1] + Fft2dModels.cffts(n, half)[1]);
        double max = Math.max(task1, task2);
        double liPlus = half * (max - task1) + half * (max - task2);
        assertEquals(fragmentsLi + liPlus, Evaluator.eval(model.categories().get(Category.LI), at), 1e-9 * (fragmentsLi + liPlus));

        // conservation at the root: the categories sum to p * T_P
        double total = 0;
        for (Category c : Category.values()) {
            total += Evaluator.eval(model.categories().get(c), at);
        }
        assertEquals(expected, total / p, 1e-9 * expected);
    }
}

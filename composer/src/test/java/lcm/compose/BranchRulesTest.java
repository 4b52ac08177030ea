package lcm.compose;

import lcm.annotation.Category;
import lcm.expr.Evaluator;
import lcm.antlr.Parsed;
import lcm.dag.Program;
import lcm.frontend.ProgramReader;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Hand-worked branches (docs/composition.md, "Branches"): probability: and unannotated if/else. */
class BranchRulesTest {

    @TempDir
    Path dir;

    private final Diagnostics diagnostics = new Diagnostics();

    private ComposedModel compose(String annotation, boolean withElse) throws IOException {
        String source = "      program main\n" + annotation
                + "      if (k .eq. 1) then\nc*lcm* model: pc = 100\n      call big\n"
                + (withElse ? "      else\nc*lcm* model: pc = 20\n      call small\n" : "")
                + "      end if\n      end\n      subroutine big\n      x = 1\n      end\n"
                + "      subroutine small\n      y = 1\n      end\n";
        return compose(source);
    }

    private ComposedModel compose(String source) throws IOException {
        Path f = dir.resolve("branch.f");
        Files.writeString(f, source);
        return composeFile(f);
    }

    /** The program of {@code f} composed, its reader's problems kept in {@link #diagnostics}. */
    private ComposedModel composeFile(Path f) {
        Parsed<Program> read = new ProgramReader(new SourceRegistry()).read(List.of(f));
        diagnostics.addAll(read.problems());
        return new Composer(ComposeOptions.defaults().withoutSimplification()).compose(read.orThrow());
    }

    private List<String> warnings() {
        return diagnostics.warnings().stream().map(Diagnostic::message).toList();
    }

    @Test
    void aProbabilityWeighsTheTwoSides() throws IOException {
        ComposedModel m = compose("c*lcm* probability: 1/itors\n", true);
        // itors = 4: the big side runs 1/4 of the passes, the small one 3/4: 100/4 + 20*3/4 = 25 + 15 = 40 s at p = 1
        assertEquals(40.0, Evaluator.eval(m.time(), Map.of("p", 1.0, "itors", 4.0)), 1e-12);
        // itors = 10: 10 + 18 = 28 s
        assertEquals(28.0, Evaluator.eval(m.time(), Map.of("p", 1.0, "itors", 10.0)), 1e-12);
        assertTrue(warnings().stream().noneMatch(w -> w.contains("probability")), warnings().toString());
    }

    /** The else branch's own probability, {@code where} it is written: 100*0.25 + 20*0.75 = 25 + 15 = 40 s at p = 1. */
    private void elseWeighsThreeQuarters(String source) throws IOException {
        ComposedModel m = compose(source);
        assertEquals(40.0, Evaluator.eval(m.time(), Map.of("p", 1.0)), 1e-12);
        assertEquals(40.0, Evaluator.eval(m.categories().get(Category.PC), Map.of("p", 1.0)), 1e-12);
        assertEquals(List.of(), diagnostics.errors().stream().map(Diagnostic::message).toList());
        assertTrue(warnings().stream().noneMatch(w -> w.contains("probability")), warnings().toString());
    }

    private static final String BIG_SMALL = "      subroutine big\n      x = 1\n      end\n"
            + "      subroutine small\n      y = 1\n      end\n";

    @Test
    void aProbabilityOnTheFirstLineInsideTheElse() throws IOException {
        elseWeighsThreeQuarters("      program main\n      if (k .eq. 1) then\nc*lcm* model: pc = 100\n      call big\n"
                + "      else\nc*lcm* probability: 0.75\nc*lcm* model: pc = 20\n      call small\n"
                + "      end if\n      end\n" + BIG_SMALL);
    }

    @Test
    void aProbabilityJustBeforeTheElse() throws IOException {
        elseWeighsThreeQuarters("      program main\n      if (k .eq. 1) then\nc*lcm* model: pc = 100\n      call big\n"
                + "c*lcm* probability: 0.75\n      else\nc*lcm* model: pc = 20\n      call small\n"
                + "      end if\n      end\n" + BIG_SMALL);
    }

    @Test
    void aProbabilityOnAnIfWithoutElse() throws IOException {
        ComposedModel m = compose("c*lcm* probability: 0.25\n", false);
        // 0.25 * 100 = 25 s at p = 1
        assertEquals(25.0, Evaluator.eval(m.time(), Map.of("p", 1.0)), 1e-12);
    }

    @Test
    void anIfWithoutElseCountsOnce() throws IOException {
        ComposedModel m = compose("", false);
        // probability 1: 100 s at p = 1, and no warning
        assertEquals(100.0, Evaluator.eval(m.time(), Map.of("p", 1.0)), 1e-12);
        assertTrue(warnings().stream().noneMatch(w -> w.contains("probability")), warnings().toString());
    }

    @Test
    void anUnannotatedIfElseTakesTheCostlierSideAndWarns() throws IOException {
        ComposedModel m = compose("", true);
        // not the sum (120): the costlier side, max(100, 20) = 100 s at p = 1 (provably the first side everywhere,
        // so the model is that side's: T_P = 100/p at width 1 ... = 100), and a warning at the if's line (2)
        assertEquals(100.0, Evaluator.eval(m.time(), Map.of("p", 1.0)), 1e-12);
        assertEquals(100.0, Evaluator.eval(m.categories().get(Category.PC), Map.of("p", 1.0)), 1e-12);
        Diagnostic w = diagnostics.warnings().stream().filter(d -> d.message().contains("probability: P")).findFirst()
                .orElseThrow(() -> new AssertionError(warnings().toString()));
        assertEquals(2, w.location().orElseThrow().line(), "the if is on line 2");
        assertEquals("2 branches of this conditional hold fragments and lcm cannot tell which runs: it counts the "
                + "costlier one at each point (an upper bound); say how often the first runs with 'probability: P' "
                + "before it (e.g. 'probability: 1/itors')", w.message());
        assertTrue(m.steps().stream().anyMatch(s -> s.rule().startsWith("if/else without probability: the costlier "
                + "branch")), "--explain shows the rule");
    }

    /** then: pc = 100; else: li = 20*n. Which side costs more depends on n. */
    private ComposedModel crossing() throws IOException {
        String source = "      program main\n"
                + "      if (k .eq. 1) then\nc*lcm* model: pc = 100\n      call big\n"
                + "      else\nc*lcm* model: li = 20*n\n      call small\n"
                + "      end if\n      end\n      subroutine big\n      x = 1\n      end\n"
                + "      subroutine small\n      y = 1\n      end\n";
        Path f = dir.resolve("crossing.f");
        Files.writeString(f, source);
        return composeFile(f);
    }

    @Test
    void theCostlierSideIsChosenAtEachPointWithItsCategories() throws IOException {
        ComposedModel m = crossing();
        // n = 2, p = 1: then costs 100 s, else 20*2 = 40 s: T = 100, categories of then: pc 100, li 0
        Map<String, Double> small = Map.of("n", 2.0, "p", 1.0);
        assertEquals(100.0, Evaluator.eval(m.time(), small), 1e-12);
        assertEquals(100.0, Evaluator.eval(m.categories().get(Category.PC), small), 1e-12);
        assertEquals(0.0, Evaluator.eval(m.categories().get(Category.LI), small), 1e-12);
        // n = 10, p = 1: else costs 200 s > 100: T = 200, categories of else: pc 0, li 200 (not 100 + 200 = 300)
        Map<String, Double> big = Map.of("n", 10.0, "p", 1.0);
        assertEquals(200.0, Evaluator.eval(m.time(), big), 1e-12);
        assertEquals(0.0, Evaluator.eval(m.categories().get(Category.PC), big), 1e-12);
        assertEquals(200.0, Evaluator.eval(m.categories().get(Category.LI), big), 1e-12);
        // n = 10, p = 4: both sides are serial code on one processor: T = 200, li 200, and the other three
        // processors idle: ip = 3 * 200 = 600; conservation: (200 + 600) / 4 = 200
        Map<String, Double> four = Map.of("n", 10.0, "p", 4.0);
        assertEquals(200.0, Evaluator.eval(m.time(), four), 1e-12);
        assertEquals(200.0, Evaluator.eval(m.categories().get(Category.LI), four), 1e-12);
        assertEquals(600.0, Evaluator.eval(m.categories().get(Category.IP), four), 1e-12);
        // n = 5: a tie (100 = 100): the first side's categories, once: pc 100, li 0
        Map<String, Double> tie = Map.of("n", 5.0, "p", 1.0);
        assertEquals(100.0, Evaluator.eval(m.time(), tie), 1e-12);
        assertEquals(100.0, Evaluator.eval(m.categories().get(Category.PC), tie), 1e-12);
        assertEquals(0.0, Evaluator.eval(m.categories().get(Category.LI), tie), 1e-12);
    }
}

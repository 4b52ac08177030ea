package lcm.compose;

import lcm.expr.Evaluator;
import lcm.pipeline.Pipeline;
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
        Path f = dir.resolve("branch.f");
        Files.writeString(f, source);
        return new Pipeline(new SourceRegistry()).compose(List.of(f), ComposeOptions.defaults().withoutSimplification(),
                diagnostics);
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
    void anUnannotatedIfElseWithFragmentsOnBothSidesWarns() throws IOException {
        ComposedModel m = compose("", true);
        // both sides added up (an upper bound): 100 + 20 = 120 s at p = 1, and a warning at the if's line (2)
        assertEquals(120.0, Evaluator.eval(m.time(), Map.of("p", 1.0)), 1e-12);
        Diagnostic w = diagnostics.warnings().stream().filter(d -> d.message().contains("probability: P")).findFirst()
                .orElseThrow(() -> new AssertionError(warnings().toString()));
        assertEquals(2, w.location().orElseThrow().line(), "the if is on line 2");
        assertEquals("2 branches of this conditional hold fragments and lcm cannot tell which runs: all are added up (an "
                + "upper bound); say how often the first runs with 'probability: P' before it (e.g. "
                + "'probability: 1/itors')", w.message());
    }
}

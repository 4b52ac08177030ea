package lcm.compose;

import lcm.annotation.Category;
import lcm.expr.Evaluator;
import lcm.fit.AutoFit;
import lcm.frontend.ProgramReader;
import lcm.report.ComposeReport;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A fitted li model composes to 0 where its fragment runs on one processor or less (issue 31,
 * docs/fitting.md "Zero on one processor"): two tasks at p = 1 have width 0.5 each.
 */
class ZeroOnOneProcessorComposeTest {

    @TempDir
    Path dir;

    /** Two equal tasks (parallel sections), each on p/2 processors, each a fragment with the li model given. */
    private static String twoTasks(String li) {
        return """
                      program main
                c*ksr* parallel sections
                c*ksr* section
                c*lcm*    vars: p = p
                         call fa
                c*ksr* section
                c*lcm*    vars: p = p
                         call fb
                c*ksr* end parallel sections
                      end
                c*lcm* model: pc = 2
                c*lcm* model: li = LI
                      subroutine fa
                      end
                c*lcm* model: pc = 2
                c*lcm* model: li = LI
                      subroutine fb
                      end
                """.replace("LI", li);
    }

    private Map<String, Double> composed(String li, double p) throws IOException {
        Path f = dir.resolve("tasks.f");
        Files.writeString(f, twoTasks(li));
        ComposedModel m = new Composer(ComposeOptions.defaults().withoutSimplification()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(f)).orThrow());
        return new ComposeReport(m, Optional.of(Map.of("p", p))).values();
    }

    @Test
    void aFittedLiModelComposesToZeroAtWidthOneHalf() throws IOException {
        // li measured at widths 1, 2, 4, 8: 1e-4 (the probe's error where li is 0), 0.2, 0.6, 1.4, i.e. 0.2*(p - 1)
        AutoFit fit = AutoFit.of(Category.LI, "p", new double[] {1, 2, 4, 8}, new double[] {1e-4, 0.2, 0.6, 1.4});
        String li = fit.model().text();
        assertEquals(0.0, Evaluator.eval(fit.model(), Map.of("p", 0.5)), 0.0, li);
        assertEquals(1.4, Evaluator.eval(fit.model(), Map.of("p", 8.0)), 1e-9, li);
        // p = 1: each task has width 0.5, where the model is 0; the tasks are equal, so no wait either
        assertEquals(0.0, composed(li, 1).get("li"), 1e-12, li);
        // p = 8: each task on 4 processors, 0.2*(4 - 1) = 0.6 processor-seconds each: li = 1.2
        assertEquals(1.2, composed(li, 8).get("li"), 1e-9, li);
        // the thesis' k*p*sqrt(p), not 0 on one processor, would give 2 * 0.5*sqrt(0.5) k at p = 1
        assertEquals(2 * 0.5 * Math.sqrt(0.5), composed("p*sqrt(p)", 1).get("li"), 1e-9);
    }
}

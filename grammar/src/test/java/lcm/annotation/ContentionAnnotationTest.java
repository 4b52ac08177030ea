package lcm.annotation;

import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.dag.Dags;
import lcm.dag.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** {@code contention: slowdown = S, at = PC, pressure = Q}: a fragment's sensitivity and its own pressure. */
class ContentionAnnotationTest {

    private static Parsed<Annotation> parse(String text) {
        return AnnotationReader.annotation(text, TextOrigin.synthetic("<t>"));
    }

    private static String error(String text) {
        return parse(text).problems().get(0).headline();
    }

    @Test
    void theThreeValuesAreReadInAnyOrder() {
        Annotation.Contention c = (Annotation.Contention) parse("CONTENTION: pressure = 1.05, slowdown = 1.21, at = 1.064")
                .value().orElseThrow();
        assertEquals(1.21, c.slowdown());
        assertEquals(1.064, c.atPressure());
        assertEquals(1.05, c.pressure());
    }

    @Test
    void mistakesAreLocated() {
        assertEquals("<t>:1:13: unknown contention key 'slow' (keys: slowdown, at, pressure)",
                error("contention: slow = 1.2, at = 1.1, pressure = 1"));
        assertEquals("<t>:1:23: 'at' given twice", error("contention: at = 1.2, at = 1.1"));
        assertEquals("<t>:1:1: contention: needs slowdown, at and pressure (missing: at, pressure)",
                error("contention: slowdown = 1.2"));
        assertEquals("<t>:1:48: 'at' is the co-runner's pressure the slowdown was taken at, and must be above 1 (1 is "
                + "no pressure: a slowdown there says nothing per unit of pressure)",
                error("contention: slowdown = 1.2, pressure = 1, at = 1"));
        assertEquals("<t>:1:24: 'slowdown' is a ratio (of times or of bandwidths): a positive number",
                error("contention: slowdown = -1.2, pressure = 1, at = 1.1"));
        assertFalse(parse("contention: slowdown = n, pressure = 1, at = 1.1").isOk());
    }

    @Test
    void aFragmentNodeCarriesItsContentionLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.f");
        Files.writeString(f, """
                      program t
                      integer n
                      n = 4
                      call work(n)
                      end

                      subroutine work(n)
                      integer n, i
                c*lcm* model: pc = 2e-6*n^2
                c*lcm* contention: slowdown = 1.5, at = 1.25, pressure = 1.1
                c$omp parallel do
                      do i = 1, n
                      end do
                      end
                """);
        Node work = Dags.build(f).dag().nodes().stream().filter(Node::isFragment).findFirst().orElseThrow();
        assertEquals(new Annotation.Contention(work.contention().orElseThrow().at(), 1.5, 1.25, 1.1),
                work.contention().orElseThrow());
    }
}

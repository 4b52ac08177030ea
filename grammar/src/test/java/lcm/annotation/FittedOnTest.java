package lcm.annotation;

import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.dag.Dags;
import lcm.dag.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code fitted-on: n = 256:2048, p = 1:4, runs = 24}: the ranges a fragment's models were fitted on. */
class FittedOnTest {

    private static Parsed<Annotation> parse(String text) {
        return AnnotationReader.annotation(text, TextOrigin.synthetic("<t>"));
    }

    @Test
    void rangesAndRunsAreRead() {
        Annotation.FittedOn f = (Annotation.FittedOn) parse("fitted-on: n = 256:2048, p = 1:4, runs = 24").value().orElseThrow();
        assertEquals(new Annotation.Range("n", 256, 2048), f.range("n").orElseThrow());
        assertEquals(new Annotation.Range("p", 1, 4), f.range("p").orElseThrow());
        assertEquals(24, f.runs().getAsInt());
        assertEquals(List.of("n", "p"), f.variables().stream().map(Annotation.Range::name).toList());
        assertTrue(f.range("runs").isEmpty());
    }

    @Test
    void aSingleValueAndFractionalWidthsAreRanges() {
        Annotation.FittedOn f = (Annotation.FittedOn) parse("FITTED-ON: p = 0.5:1.5e0, d = 32").value().orElseThrow();
        assertEquals(new Annotation.Range("p", 0.5, 1.5), f.range("p").orElseThrow());
        assertEquals(new Annotation.Range("d", 32, 32), f.range("d").orElseThrow());
        assertTrue(f.runs().isEmpty());
    }

    @Test
    void mistakesAreLocated() {
        assertEquals("<t>:1:21: the range of 'n' ends below its start (write low:high)",
                parse("fitted-on: n = 2048:256").problems().get(0).headline());
        assertEquals("<t>:1:21: 'n' given twice", parse("fitted-on: n = 1:2, n = 3:4").problems().get(0).headline());
        assertTrue(parse("fitted-on: runs = 2:3").problems().get(0).headline().contains("one whole number"));
        assertFalse(parse("fitted-on: n = x").isOk());
    }

    @Test
    void aFragmentNodeCarriesItsFittedOnLine(@TempDir Path dir) throws Exception {
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
                c*lcm* fitted-on: n = 256:2048, p = 1:4, runs = 24
                c$omp parallel do
                      do i = 1, n
                      end do
                      end
                """);
        Node work = Dags.build(f).dag().nodes().stream().filter(Node::isFragment).findFirst().orElseThrow();
        Annotation.FittedOn on = work.fittedOn().orElseThrow();
        assertEquals(new Annotation.Range("n", 256, 2048), on.range("n").orElseThrow());
        assertEquals(24, on.runs().getAsInt());
    }
}

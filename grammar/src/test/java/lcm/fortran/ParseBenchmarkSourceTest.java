package lcm.fortran;

import lcm.bench.ParseBenchmark;
import lcm.dag.Dags;
import lcm.dag.NodeKind;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's generated source is real input: deterministic, clean, with the structure it claims. No timing here. */
class ParseBenchmarkSourceTest {

    @Test
    void theGeneratedSourceIsDeterministicCleanAndStructured() {
        String text = ParseBenchmark.generate(6_000);
        assertEquals(text, ParseBenchmark.generate(6_000));
        long lines = text.chars().filter(c -> c == '\n').count();
        // whole routines, no padding: at least the lines asked for, at most one routine (< 70 lines) more
        assertTrue(lines >= 6_000 && lines < 6_070, "lines: " + lines);
        assertTrue(!text.contains("padding"), "no padding lines");
        Run.Result r = Run.of("bench.f", text);
        assertEquals("", r.rendered(), "no diagnostic at all");
        Map<NodeKind, Integer> counts = Dags.kindCounts(r.dag());
        int routines = text.split("      subroutine sub", -1).length - 1;
        assertTrue(routines >= 80 && routines <= 150, "routines: " + routines); // about 47 lines each
        // odd routines hold a modelled KSR tile (a fragment), even ones an OpenMP parallel do
        assertEquals((routines + 1) / 2, counts.get(NodeKind.FRAGMENT));
        assertEquals(routines / 2, counts.get(NodeKind.PARALLEL_LOOP));
        assertEquals(1, counts.get(NodeKind.PARALLEL));
        // the serial sweep is a node where it calls the next routines (sub1..sub50); elsewhere it is leaf material
        assertEquals(routines / 2, counts.get(NodeKind.LOOP));
        assertTrue(ParseBenchmark.parse(text) > routines * 3);
    }

    @Test
    void aCallChainThousandsDeepIsAnErrorNotACrash() {
        StringBuilder b = new StringBuilder("      program deep\n      call s1\n      end\n");
        int depth = 20_000;
        for (int i = 1; i <= depth; i++) {
            b.append("      subroutine s").append(i).append('\n');
            if (i < depth) {
                b.append("      call s").append(i + 1).append('\n');
            }
            b.append("      end\n");
        }
        Run.Result r = Run.of("deep.f", b.toString());
        assertEquals(1, r.diagnostics().errorCount(), r.rendered());
        assertTrue(r.diagnostics().errors().get(0).message().startsWith("program structure too deep"),
                r.diagnostics().errors().get(0).message());
    }
}

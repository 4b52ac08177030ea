package lcm.bench;

import lcm.compose.ComposedModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bench's arithmetic and inputs, without timing anything. */
class BenchFiguresTest {

    @Test
    void medianSpreadAndTargetsOfASample() {
        Sample s = new Sample(new double[] {3, 1, 2}, new double[] {1.5, 0.5, 1.0}, 0);
        assertEquals(2, s.wallMedian());
        assertEquals(1.0, s.cpuMedian());
        // (max - min) / median = (3 - 1) / 2
        assertEquals(1.0, s.spread());
        assertEquals(2.5, lcm.expr.Median.of(new double[] {4, 1, 3, 2}));
        // the target is checked on the CPU median: 1.0 s <= 1.5 s although the wall median is 2 s
        assertEquals(Boolean.TRUE, Figure.seconds("k", "label", s, 1.5).met());
        assertEquals(Boolean.FALSE, Figure.seconds("k", "label", s, 0.9).met());
        // a start-up bound is for an idle machine's whole process: checked on the wall median (2),
        // not on the CPU median (1), which would leave out nothing but add the JIT's other processor
        assertEquals(Boolean.FALSE, Figure.wallSeconds("k", "label", s, 1.5).met());
        assertEquals(Boolean.TRUE, Figure.wallSeconds("k", "label", s, 2.0).met());
        assertTrue(Figure.wallSeconds("k", "label", s, 2.0).text().contains("target <= 2 s (met on wall)"),
                Figure.wallSeconds("k", "label", s, 2.0).text());
        assertTrue(Figure.seconds("k", "label", s, 1.5).text().contains("(met on cpu)"));
        // a rate: 1000 lines per median wall second = 500 lines/s; on CPU 1000 lines/s
        Figure r = Figure.rate("parse", "parse", s, 1000, "lines/s", 800);
        assertEquals(500, r.value());
        assertEquals(Boolean.TRUE, r.met());
    }

    @Test
    void aBaselineRoundTripsAndRatiosAreNowOverBaseline() throws IOException {
        Sample base = new Sample(new double[] {1, 1, 1}, new double[] {2, 2, 2}, 1 << 20);
        String json = BenchReport.json(Map.of("cores", "2"), List.of(Figure.seconds("compose.1000", "c", base, 10)));
        Map<String, double[]> read = BenchReport.readBaseline(json);
        assertEquals(1.0, read.get("compose.1000")[0]);
        assertEquals(2.0, read.get("compose.1000")[1]);
        Sample now = new Sample(new double[] {2, 2, 2}, new double[] {3, 3, 3}, 0);
        String text = BenchReport.compare(List.of(Figure.seconds("compose.1000", "c", now, 10),
                Figure.seconds("parse", "p", now, 10)), read, "baseline.json");
        // wall 2 / 1, cpu 3 / 2
        assertTrue(text.contains("compose.1000           wall   2.00x  cpu  1.50x   slower"), text);
        assertTrue(text.contains("parse                  not in the baseline"), text);
    }

    @Test
    void theLiveHeapIsPrintedBesideThePeakAndWrittenToJson() {
        // peak 300 MiB (garbage included), live after full collections 120 MiB
        Sample s = new Sample(new double[] {1}, new double[] {1}, 300L << 20, 120L << 20);
        Figure f = Figure.seconds("compose.1000", "compose", s, Double.NaN);
        assertTrue(f.text().contains("; peak heap 300 MiB (live after full collections 120 MiB)"), f.text());
        assertTrue(f.text().contains("target: none of its own"), f.text());
        String json = BenchReport.json(Map.of("cores", "2"), List.of(f));
        assertTrue(json.contains("\"liveHeapMiB\" : 120.0"), json);
        assertTrue(json.contains("\"peakHeapMiB\" : 300.0"), json);
    }

    @Test
    void theGeneratedProgramHasItsLeavesCallsAndTransfers(@TempDir Path dir) throws IOException {
        String text = GeneratedProgram.write(1000, 10, 42);
        assertEquals(text, GeneratedProgram.write(1000, 10, 42));
        long fragments = text.lines().filter(l -> l.startsWith("c*lcm* fragment ")).count();
        long calls = text.lines().filter(l -> l.startsWith("      call sub")).count();
        // every other leaf is a call: 500 + 500
        assertEquals(500, fragments);
        assertEquals(500, calls);
        assertEquals(GeneratedProgram.subroutines(1000), text.split("      subroutine sub", -1).length - 1);
        Path file = dir.resolve("g.f");
        Files.writeString(file, text);
        Path machine = dir.resolve("m.machine");
        Files.writeString(machine, "latency = 8.75e-6\nbandwidth = 3.2e7\nrc = 0\n");
        ComposedModel m = ComposeBenchmark.composeOnce(file, text, machine);
        assertFalse(m.transfers().isEmpty(), "the data annotations give transfers");
        assertTrue(m.variables().containsAll(List.of("n", "p")), m.variables().toString());
    }
}

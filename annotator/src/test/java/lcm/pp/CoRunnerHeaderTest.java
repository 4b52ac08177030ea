package lcm.pp;

import lcm.measure.CoRunnerMedians;
import lcm.source.Diagnostics;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code # co-runner: TAG slowdown S at pressure PC; pressure Q (...)}: written and read back; the medians over runs. */
class CoRunnerHeaderTest {

    @Test
    void aFragmentsLineReadsBackAsWritten() {
        PpHeader.CoRunner c = new PpHeader.CoRunner("sweep", 1.2104, 1.064164, 1.05, 0.503, 0.4157);
        assertEquals("# co-runner: sweep slowdown 1.210 at pressure 1.0642; pressure 1.0500 (pc 0.503 s beside, 0.4157 s alone)",
                c.line());
        assertEquals(new PpHeader.CoRunner("sweep", 1.21, 1.0642, 1.05, 0.503, 0.4157), PpHeader.of(c.line()).orElseThrow());
    }

    @Test
    void theLinesOfEarlierVersionsAndTheFreeTextAreComments() {
        assertTrue(PpHeader.of("# co-runner: sweep slowdown 7.264 (pc 3.008078 s beside, 0.4141098 s alone)").isEmpty());
        assertTrue(PpHeader.of("# co-runner: the triad (lcm machine calibrate's) on processor 1, 1 thread").isEmpty());
    }

    @Test
    void aBadValueIsAnErrorAtItsColumn() {
        Diagnostics errors = new Diagnostics();
        PpHeaderReader.read("# co-runner: sweep slowdown 1.2x at pressure 1.06; pressure 1.05 (pc 1 s beside, 1 s alone)",
                Path.of("r.pp"), 3, errors);
        assertTrue(errors.errors().get(0).headline().startsWith("r.pp:3:29: bad value '1.2x' for 'slowdown'"),
                errors.errors().get(0).headline());
    }

    @Test
    void theMediansOverRunsAreTheContentionLine() {
        CoRunnerMedians m = new CoRunnerMedians();
        List.of(new PpHeader.CoRunner("sweep", 1.2, 1.06, 1.04, 1, 1), new PpHeader.CoRunner("sweep", 1.3, 1.07, 1.05, 1, 1),
                new PpHeader.CoRunner("sweep", 1.25, 1.08, 1.03, 1, 1), new PpHeader.CoRunner("init", 2, 1, 1.1, 1, 1))
                .forEach(h -> m.header(h, 1));
        assertEquals("slowdown = 1.25, at = 1.07, pressure = 1.04", m.figures().get("sweep").text());
        assertEquals(3, m.figures().get("sweep").runs());
        // a co-runner that pressed on nothing (at = 1) gives no parameters
        assertTrue(!m.figures().containsKey("init"));
    }
}

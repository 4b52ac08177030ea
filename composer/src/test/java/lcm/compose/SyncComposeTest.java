package lcm.compose;

import lcm.TestRepo;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.frontend.ProgramReader;
import lcm.report.ComposeReport;
import lcm.source.SourceRegistry;
import lcm.trace.PathEvent;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Synchronized tasks (DESIGN 5.4, thesis section 6.3.1): no closed form; the critical path at
 * each point gives the node's time, and its SL and LI.
 */
class SyncComposeTest {

    private static ComposedModel compose(String file) {
        return new Composer(ComposeOptions.defaults()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(TestRepo.file(file))).orThrow());
    }

    private static Map<String, Double> values(ComposedModel m, Map<String, Double> point) {
        return new ComposeReport(m, Optional.of(point)).values();
    }

    @Test
    void pipelineWithTheConsumerSlowerTakesTheConsumersTotalPlusOneProducerIteration() {
        ComposedModel m = compose("fixtures/compose/pipeline_consumer_slow.f");
        assertEquals("cp_main", m.time().text(), "no closed form: the time is the critical path's");
        assertEquals(List.of("p", "m"), m.variables());
        // p = 4: each task gets 2 processors; produce 2/2 = 1 s, consume 3/2 = 1.5 s, m = 5 iterations.
        //   the consumer waits only for the first matrix: 1 + 5 * 1.5 = 8.5 s
        //   the wait of 1 s: SL = 1 (the task's main processor), IP = (2 - 1) * 1 = 1 (its other one);
        //   LI = 2 * (8.5 - 5) = 7 (the producer ends at 5 s)
        //   check: (pc 5*2 + 5*3 = 25, li 7, sl 1, ip 1) / 4 = 8.5
        Map<String, Double> v = values(m, Map.of("p", 4.0, "m", 5.0));
        assertEquals(8.5, v.get("time"), 1e-12);
        assertEquals(1.0, v.get("sl"), 1e-12);
        assertEquals(1.0, v.get("ip"), 1e-12);
        assertEquals(7.0, v.get("li"), 1e-12);
        assertEquals(25.0, v.get("pc"), 1e-12);
        // p = 8, m = 10: produce 0.5 s, consume 0.75 s: 0.5 + 10 * 0.75 = 8 s
        Map<String, Double> w = values(m, Map.of("p", 8.0, "m", 10.0));
        assertEquals(8.0, w.get("time"), 1e-12);
        assertConserved(w, 8.0);
    }

    @Test
    void pipelineWithTheProducerSlowerTakesTheProducersTotalPlusOneConsumerIteration() {
        ComposedModel m = compose("fixtures/compose/pipeline_producer_slow.f");
        // p = 4: produce 5/2 = 2.5 s, consume 1.5 s, m = 5: the consumer waits for every matrix;
        //   its last iteration starts when the producer posts ready(5) at 12.5 s: 12.5 + 1.5 = 14 s
        //   waits: 2.5 + 4 * (2.5 - 1.5) = 6.5 s: SL = 1 * 6.5, IP = (2 - 1) * 6.5; LI = 2 * (14 - 12.5) = 3
        ComposeReport r = new ComposeReport(m, Optional.of(Map.of("p", 4.0, "m", 5.0)));
        Map<String, Double> v = r.values();
        assertEquals(14.0, v.get("time"), 1e-12);
        assertEquals(6.5, v.get("sl"), 1e-12);
        assertEquals(6.5, v.get("ip"), 1e-12);
        assertEquals(3.0, v.get("li"), 1e-12);
        assertConserved(v, 4.0);
        // the critical path runs along the producer to its last post, then into the consumer
        List<PathEvent> path = r.criticalPaths().get(0).path();
        List<String> events = new ArrayList<>();
        for (PathEvent e : path) {
            events.add(e.task() + " " + e.event() + " @" + e.time());
        }
        assertEquals(List.of("main:9 start @0.0", "main:9 post ready(5) @12.5", "main:15 wait ready(5) @12.5",
                "main:15 consume @14.0"), events);
    }

    @Test
    void theSynchronizedTaskParallelFftRunsInLockStep() {
        ComposedModel m = compose("fixtures/fft2d/tp_sync.f");
        assertEquals(1, m.syncNodes().size());
        assertEquals("main:12", m.syncNodes().get(0).node());
        double n = 1024;
        double half = 13;
        double itors = 16;
        // both tasks do two loops per matrix on 13 processors: a = b = one iteration. Task 2
        // waits for ready(1) (one iteration: the pipeline fill) and then the two tasks alternate
        // in lock step, task 1 one matrix ahead: T = 2 * 0.0672 (serial) + (itors + 1) * a
        double a = 2 * Fft2dModels.time(Fft2dModels.loop(n, half), half);
        ComposeReport r = new ComposeReport(m, Optional.of(Map.of("n", n, "p", 26.0, "itors", itors)));
        Map<String, Double> v = r.values();
        assertEquals(2 * Fft2dModels.SERIAL + (itors + 1) * a, v.get("time"), 1e-9 * v.get("time"));
        // the fill: task 2's main thread waits a (SL), its other 12 processors idle meanwhile (IP)
        assertEquals(a, v.get("sl"), 1e-9 * a);
        List<PathEvent> path = r.criticalPaths().get(0).path();
        assertEquals("wait ready(1)", path.get(2).event());
        assertConserved(v, 26.0);
        assertTrue(r.json().contains("\"critical_path\""));
    }


    private static void assertConserved(Map<String, Double> v, double p) {
        double total = 0;
        for (Category c : Category.values()) {
            total += v.get(c.key());
        }
        assertEquals(v.get("time"), total / p, 1e-9 * v.get("time"));
    }
}

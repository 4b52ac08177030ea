package lcm.compose;

import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.compare.Alternative;
import lcm.compare.AlternativeLoader;
import lcm.compare.CompareRequest;
import lcm.compare.Comparer;
import lcm.compare.Comparison;
import lcm.compare.Crossover;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hand-worked cases of the execution-width rules (docs/composition.md, "Execution width"):
 * serial code, teams, replicated regions, waits and lock steps, and a synchronized model
 * compared against a closed form.
 */
class WidthRulesTest {

    @TempDir
    Path dir;

    private ComposedModel compose(String name, String source) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, source);
        return new Composer(ComposeOptions.defaults().withoutSimplification()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(f)).orThrow());
    }

    private static double at(ComposedModel m, Category c, Map<String, Double> point) {
        return Evaluator.eval(m.categories().get(c), point);
    }

    private static final String LOOP_MODEL = "c*lcm* model: pc = 12\nc*lcm* model: li = p\n";

    @Test
    void aParallelLoopMovedIntoSerialCodeRunsOnOneProcessorAndIdlesTheRest() throws IOException {
        ComposedModel parallel = compose("par.f", "      program main\n" + LOOP_MODEL
                + "!$omp parallel do\n      do i = 1, n\n      x = x + 1\n      end do\n      end\n");
        ComposedModel serial = compose("ser.f", "      program main\n" + LOOP_MODEL
                + "      do i = 1, n\n      x = x + 1\n      end do\n      end\n");
        Map<String, Double> p4 = Map.of("p", 4.0);
        // parallel: the model at p = 4: (12 + 4)/4 = 4 s
        assertEquals(4.0, Evaluator.eval(parallel.time(), p4), 1e-12);
        // serial: the model at p = 1: 12 + 1 = 13 s on one processor; the other 3 idle: IP+ = 3 * 13 = 39
        //   check: (pc 12 + li 1 + ip 39)/4 = 13
        assertEquals(13.0, Evaluator.eval(serial.time(), p4), 1e-12);
        assertEquals(39.0, at(serial, Category.IP, p4), 1e-12);
        assertEquals(1.0, at(serial, Category.LI, p4), 1e-12);
        // slower at every p > 1, the same at p = 1 (13 s both)
        for (double p = 2; p <= 32; p++) {
            assertTrue(Evaluator.eval(serial.time(), Map.of("p", p)) > Evaluator.eval(parallel.time(), Map.of("p", p)));
        }
        assertEquals(13.0, Evaluator.eval(parallel.time(), Map.of("p", 1.0)), 1e-12);
    }

    @Test
    void aSerialFragmentMeasuredInPlaceGivesTheSameTotal() throws IOException {
        // measured in place with pp: pc = 5 and the idle p - 1 processors as ip = 5 (p - 1);
        // lcm evaluates it at p = 1 (ip = 0, T = 5) and adds IP+ = (p - 1) 5: the same total
        ComposedModel m = compose("s.f", "      program main\nc*lcm* model: pc = 5\nc*lcm* model: ip = 5*(p - 1)\n"
                + "      call setup\n      end\n      subroutine setup\n      x = 1\n      end\n");
        for (double p : new double[] {1, 2, 7, 26}) {
            Map<String, Double> at = Map.of("p", p);
            assertEquals(5.0, Evaluator.eval(m.time(), at), 1e-12);
            assertEquals(5 * (p - 1), at(m, Category.IP, at), 1e-12);
        }
    }

    @Test
    void numThreadsFourOnEightAndOnTwoProcessors() throws IOException {
        ComposedModel m = compose("team.f", "      program main\nc*lcm* model: pc = 8\nc*lcm* model: li = p\n"
                + "!$omp parallel do num_threads(4)\n      do i = 1, n\n      x = x + 1\n      end do\n      end\n");
        // the model at p = 4 (the team): pc 8, li 4: 12 processor-seconds
        // on 8 processors: width 4, T = 12/4 = 3; the other 4 idle: IP+ = 4 * 3 = 12; (8 + 4 + 12)/8 = 3
        Map<String, Double> p8 = Map.of("p", 8.0);
        assertEquals(3.0, Evaluator.eval(m.time(), p8), 1e-12);
        assertEquals(12.0, at(m, Category.IP, p8), 1e-12);
        // on 2 processors: time-sliced, each thread gets 2/4 of one: T = 12/2 = 6, no IP, never negative
        Map<String, Double> p2 = Map.of("p", 2.0);
        ComposedModel.PointValues v = m.evaluate(p2);
        assertEquals(6.0, v.time(), 1e-12);
        assertEquals(0.0, v.categories().get(Category.IP), 1e-12);
        assertEquals(1, v.warnings().size(), v.warnings().toString());
        assertTrue(v.warnings().get(0).contains("the team of 4 threads of main has fewer processors than threads: it "
                + "is time-sliced, each thread gets min(1, processors/4) of a processor (at p = 2: 0.5)"),
                v.warnings().get(0));
        // and never faster than the same team on enough processors
        assertTrue(Evaluator.eval(m.time(), Map.of("p", 1.0)) >= Evaluator.eval(m.time(), p8));
    }

    @Test
    void replicatedCodeInATeamRegionRunsOnEveryThread() throws IOException {
        ComposedModel m = compose("region.f", "      program main\n!$omp parallel num_threads(4)\nc*lcm* model: pc = 3\n"
                + "      call setup\n!$omp do\n      do i = 1, n\n      x = x + 1\n      end do\n!$omp end do\n"
                + "!$omp end parallel\n      end\n      subroutine setup\n      y = 1\n      end\n");
        // p = 8: setup runs once on each of the 4 threads: T = 3, pc = 4 * 3 = 12;
        // the 4 processors outside the team idle: IP+ = 4 * 3 = 12; (12 + 12)/8 = 3
        Map<String, Double> p8 = Map.of("p", 8.0);
        assertEquals(3.0, Evaluator.eval(m.time(), p8), 1e-12);
        assertEquals(12.0, at(m, Category.PC, p8), 1e-12);
        assertEquals(12.0, at(m, Category.IP, p8), 1e-12);
    }

    @Test
    void aReplicatedModelIsOneThreadsCostAtTheTeamsWidth() throws IOException {
        // setup splits its work among the team's threads (each thread 6/p s): fitted from the team's
        // lines divided by the width (lcm annotate), it composes back to the work measured
        ComposedModel m = compose("split.f", "      program main\n!$omp parallel num_threads(4)\nc*lcm* model: pc = 6/p\n"
                + "      call setup\n!$omp end parallel\n      end\n      subroutine setup\n      y = 1\n      end\n");
        // p = 8: 4 threads, each 6/4 = 1.5 s: T = 1.5, pc = 4 * 1.5 = 6; the 4 processors outside the
        // team idle: IP+ = 4 * 1.5 = 6; (6 + 6)/8 = 1.5
        Map<String, Double> p8 = Map.of("p", 8.0);
        assertEquals(1.5, Evaluator.eval(m.time(), p8), 1e-12);
        assertEquals(6.0, at(m, Category.PC, p8), 1e-12);
        assertEquals(6.0, at(m, Category.IP, p8), 1e-12);
    }

    @Test
    void serialCodeOfARoutineCalledByReplicatedCodeIsReplicatedToo() throws IOException {
        // NPB CG: the region calls makea, makea calls sprnvc (and sparse, with orphaned worksharing
        // loops): every thread runs sprnvc on its own part, so its width is the team's, not 1
        ComposedModel m = compose("nested.f", "      program main\n!$omp parallel num_threads(4)\n"
                + "      call makea\n!$omp end parallel\n      end\n"
                + "      subroutine makea\n      call sprnvc\n!$omp do\n      do i = 1, n\n      x = x + 1\n"
                + "      end do\n!$omp end do\n      end\n"
                + "c*lcm* model: pc = 3\n      subroutine sprnvc\n      y = 1\n      end\n");
        // p = 8: sprnvc runs once on each of the 4 threads: T = 3, pc = 4 * 3 = 12; the 4 processors
        // outside the team idle: IP+ = 4 * 3 = 12; (12 + 12)/8 = 3. As serial code (width 1) it
        // would be pc = 3 and ip = 7 * 3 = 21.
        Map<String, Double> p8 = Map.of("p", 8.0);
        assertEquals(3.0, Evaluator.eval(m.time(), p8), 1e-12);
        assertEquals(12.0, at(m, Category.PC, p8), 1e-12);
        assertEquals(12.0, at(m, Category.IP, p8), 1e-12);
    }

    static final String LOCK_STEP = """
                  program main
                  integer k, m
            c*ksr* parallel sections
            c*ksr* section
                  do k = 1, m
            c*lcm*    sync: wait free(k)
            c*lcm*    vars: p = p
                     call fa
            c*lcm*    sync: post ready(k)
                  end do
            c*ksr* section
            c*lcm* sync: post free(1)
                  do k = 1, m
            c*lcm*    sync: wait ready(k)
            c*lcm*    sync: post free(k+1)
            c*lcm*    vars: p = p
                     call fb
                  end do
            c*ksr* end parallel sections
                  end
            c*lcm* model: pc = 2
                  subroutine fa
                  end
            c*lcm* model: pc = 4
                  subroutine fb
                  end
            """;

    @Test
    void aTwoWayLockStepRunsAtTheSlowerTasksPace() throws IOException {
        ComposedModel m = compose("lock.f", LOCK_STEP);
        // p = 4, m = 3: each task on 2 processors; a = 2/2 = 1 s, b = 4/2 = 2 s.
        //   A1 [0,1]; B1 [1,3] (after ready(1)); A2 [1,2] (free(2) posted at 1); A3 waits for
        //   free(3) (posted when B2 starts, at 3): [3,4]; B2 [3,5]; B3 [5,7]: T = a + m b = 7
        //   waits: task 1 from 2 to 3 (1 s), task 2 from 0 to 1 (1 s): SL = 1 + 1 = 2 (the main
        //   processors), IP = (2 - 1) 1 + (2 - 1) 1 = 2 (the others); LI = 2 (7 - 4) = 6 (task 1 ends at 4)
        //   check: (pc 3*2 + 3*4 = 18, sl 2, ip 2, li 6)/4 = 7
        Map<String, Double> v = new ComposeReport(m, Optional.of(Map.of("p", 4.0, "m", 3.0))).values();
        assertEquals(7.0, v.get("time"), 1e-12);
        assertEquals(2.0, v.get("sl"), 1e-12);
        assertEquals(2.0, v.get("ip"), 1e-12);
        assertEquals(6.0, v.get("li"), 1e-12);
        assertEquals(18.0, v.get("pc"), 1e-12);
        // steady state: one more iteration costs max(a, b) = 2 s
        Map<String, Double> w = new ComposeReport(m, Optional.of(Map.of("p", 4.0, "m", 4.0))).values();
        assertEquals(9.0, w.get("time"), 1e-12);
    }

    @Test
    void aSynchronizedModelAgainstAClosedFormCrossesWhereWorkedOutByHand() throws IOException {
        Path lock = dir.resolve("lock.f");
        Files.writeString(lock, LOCK_STEP);
        // with m = 3: T_lock = a + 3 b = 4/p + 3 * 8/p = 28/p; the model file: T = (4 + 2 p)/p = 4/p + 2
        //   equal where 28/p = 4/p + 2: p = 12; the lock step is faster above 12, the model below
        Path flat = dir.resolve("flat.lcm");
        Files.writeString(flat, "model: { pc = 4, sl = 2*p }\n");
        SourceRegistry sources = new SourceRegistry();
        List<Alternative> models = new AlternativeLoader(sources, ComposeOptions.defaults(),
                files -> new ProgramReader(sources).read(files).orThrow())
                .loadAll(List.of(lock.toString(), flat.toString()));
        assertTrue(models.get(0).synchronizes());
        Comparison c = new Comparer(CompareRequest.defaults().withFix("m=3").withRange("p=1:32")).compare(models);
        assertEquals(1, c.crossovers().size(), c.crossovers().toString());
        Crossover x = c.crossovers().get(0);
        assertEquals(12.0, x.value(), 1e-5);
        assertEquals(1, x.below());
        assertEquals(0, x.above());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("crossovers and the best p are found numerically")));
    }
}

package lcm.compose;

import lcm.annotation.Category;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pool's schedule against schedules worked by hand, and against Brent's bounds on random
 * task sets: T >= W/P and T >= the longest task alone; for a schedule that never leaves a loop's
 * free worker idle, T <= W_loops / (workers - tasks + 1) + (all serial work).
 */
class PoolScheduleTest {

    private static final double EPS = 1e-9;

    /** A parallel loop of {@code work} processor-seconds that speeds up linearly (no overhead). */
    private static PoolSchedule.Unit loop(String label, double work, int[]... after) {
        return new PoolSchedule.Unit(label, true, w -> categories(work), List.of(after));
    }

    private static PoolSchedule.Unit serial(String label, double seconds) {
        return new PoolSchedule.Unit(label, false, w -> categories(seconds), List.of());
    }

    private static double[] categories(double pc) {
        double[] c = new double[Category.values().length];
        c[Category.PC.ordinal()] = pc;
        return c;
    }

    private static double sum(PoolSchedule.Result r) {
        double s = 0;
        for (double c : r.categories()) {
            s += c;
        }
        return s;
    }

    @Test
    void oneTaskOnFourProcessorsGetsThreeWorkersAndMainsProcessorIdles() {
        // p = 4: 3 workers; the task holds one, the other two steal its chunks: width 3
        PoolSchedule.Result r = PoolSchedule.run(4, PoolSchedule.Pool.common(4), List.of(List.of(loop("a", 6))), "t");
        assertEquals(2.0, r.makespan(), EPS);
        assertEquals(6.0, r.category(Category.PC), EPS);
        assertEquals(2.0, r.category(Category.LI), EPS); // main's processor, idle while the loop has work
        assertEquals(3.0, r.units().get(0).meanWidth(), EPS);
    }

    @Test
    void twoTasksShareTheFreeWorker() {
        // p = 4: 3 workers, 2 hold the tasks, 1 free shared: 1.5 each; 6/1.5 = 4 s
        PoolSchedule.Result r = PoolSchedule.run(4, PoolSchedule.Pool.common(4),
                List.of(List.of(loop("a", 6)), List.of(loop("b", 6))), "t");
        assertEquals(4.0, r.makespan(), EPS);
        assertEquals(12.0, r.category(Category.PC), EPS);
        assertEquals(4.0, r.category(Category.LI), EPS);
        assertEquals(16.0, sum(r), EPS);
    }

    @Test
    void atTwoProcessorsEachTaskHasItsThreadAndTheThreeThreadsAreTimeSliced() {
        // p = 2: parallelism 1, a thread per task plus the one worker: 3 busy threads on 2 processors
        PoolSchedule.Pool pool = PoolSchedule.Pool.common(2);
        assertEquals(new PoolSchedule.Pool(1, true), pool);
        PoolSchedule.Result r = PoolSchedule.run(2, pool, List.of(List.of(loop("a", 6)), List.of(loop("b", 6))), "t");
        assertEquals(6.0, r.makespan(), EPS); // each loop 1.5 threads x 2/3 of a processor = width 1
        assertEquals(12.0, r.category(Category.PC), EPS);
        assertEquals(0.0, r.category(Category.LI), EPS);
    }

    @Test
    void aPipelineWorkedByHand() {
        // p = 5, 4 workers. Task 1: A1, A2 (2 s of work each); task 2: B1 after A1, B2 after A2.
        // 0..2/3: A1 on 3 threads (task 2 blocked: sl 2/3 on one idle processor, li 2/3 on the other);
        // 2/3..5/3: A2 and B1 on 2 threads each (li 1); 5/3..13/6: B2 on 4 threads (li 1/2)
        PoolSchedule.Result r = PoolSchedule.run(5, PoolSchedule.Pool.common(5), List.of(
                List.of(loop("A1", 2), loop("A2", 2)),
                List.of(loop("B1", 2, new int[] {0, 0}), loop("B2", 2, new int[] {0, 1}))), "t");
        assertEquals(13.0 / 6, r.makespan(), EPS);
        assertEquals(8.0, r.category(Category.PC), EPS);
        assertEquals(2.0 / 3, r.category(Category.SL), EPS);
        assertEquals(2.0 / 3 + 1 + 0.5, r.category(Category.LI), EPS);
        assertEquals(5 * 13.0 / 6, sum(r), EPS);
    }

    @Test
    void serialCodeOfATaskRunsOnItsThreadAlone() {
        // p = 4: a serial second (the free workers find no loop: ip), then a loop of 3 on 3 threads
        PoolSchedule.Result r = PoolSchedule.run(4, PoolSchedule.Pool.common(4),
                List.of(List.of(serial("s", 1), loop("a", 3))), "t");
        assertEquals(2.0, r.makespan(), EPS);
        assertEquals(3.0, r.category(Category.IP), EPS);
        assertEquals(1.0, r.category(Category.LI), EPS);
    }

    @Test
    void tasksThatWaitForEachOtherAreAnErrorNamingThem() {
        lcm.source.UserError e = org.junit.jupiter.api.Assertions.assertThrows(lcm.source.UserError.class, () ->
                PoolSchedule.run(4, PoolSchedule.Pool.common(4), List.of(
                        List.of(loop("a", 1, new int[] {1, 0})), List.of(loop("b", 1, new int[] {0, 0}))), "node x"));
        assertEquals("lcm: the tasks of node x wait for each other: a (task 1) waits for b (task 2); b (task 2) waits for "
                + "a (task 1) (their input: and output: annotations make each wait for the other)", e.getMessage());
    }

    @Test
    void brentsBoundsHoldOnRandomTaskSets() {
        Random rnd = new Random(20261129);
        for (int trial = 0; trial < 500; trial++) {
            int tasks = 1 + rnd.nextInt(4);
            int workers = tasks + 1 + rnd.nextInt(6);
            double processors = workers + 1;
            List<List<PoolSchedule.Unit>> set = new ArrayList<>();
            double loopWork = 0;
            double serialWork = 0;
            double longestAlone = 0;
            for (int t = 0; t < tasks; t++) {
                List<PoolSchedule.Unit> units = new ArrayList<>();
                double alone = 0;
                int n = 1 + rnd.nextInt(5);
                for (int u = 0; u < n; u++) {
                    double w = 0.1 + rnd.nextDouble() * 3;
                    List<int[]> after = new ArrayList<>();
                    if (t > 0 && rnd.nextBoolean()) { // waits only on earlier tasks: no cycle
                        int o = rnd.nextInt(t);
                        after.add(new int[] {o, rnd.nextInt(set.get(o).size())});
                    }
                    if (rnd.nextInt(4) == 0) {
                        units.add(new PoolSchedule.Unit("s" + u, false, x -> categories(w), after));
                        serialWork += w;
                        alone += w;
                    } else {
                        units.add(new PoolSchedule.Unit("l" + u, true, x -> categories(w), after));
                        loopWork += w;
                        alone += w / workers;
                    }
                }
                longestAlone = Math.max(longestAlone, alone);
                set.add(units);
            }
            PoolSchedule.Result r = PoolSchedule.run(processors, new PoolSchedule.Pool(workers, false), set, "t");
            double t = r.makespan();
            String at = "trial " + trial + ": T = " + t;
            assertTrue(t >= (loopWork + serialWork) / processors - EPS, at);
            assertTrue(t >= longestAlone - EPS, at);
            assertTrue(t <= loopWork / (workers - tasks + 1) + serialWork + EPS, at);
            assertEquals(processors * t, sum(r), 1e-6 * processors * t, at);
        }
    }
}

package lcm.trace;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's generated program, small enough to check by hand. No timing is asserted. */
class NeighbourExchangeTest {

    @Test
    void smallRingHasTheExpectedEventsAndNoDeadlock() {
        // 3 tasks, a barrier every 20 events = every 4 rounds of 5 events; 126 events:
        // rounds = floor(126 / 3 / 5.25) = 8 -> per task 8 * 5 + 2 barriers = 42, total 126.
        List<TaskStream> ring = NeighbourExchange.program(126, 3, 20);
        CriticalPath.Result r = CriticalPath.of(ring);
        assertEquals(126, r.events());
        // every round costs a task at least 1 ms of computation, two sends of 10 us and two
        // receives of 20 us: 8 rounds >= 8 * 1.06 ms
        assertTrue(r.length() >= 8 * 1.06e-3, Double.toString(r.length()));
        // and at most 1.5 ms of computation per round, plus the same costs, were every round to
        // wait for the slowest neighbour's slowest round: 8 * (1.5 + 0.06) ms
        assertTrue(r.length() <= 8 * 1.56e-3 + 1e-12, Double.toString(r.length()));
        List<PathEvent> path = r.path();
        for (int i = 1; i < path.size(); i++) {
            assertTrue(path.get(i).time() >= path.get(i - 1).time(), path::toString);
        }
    }

    @Test
    void theEngineHoldsOneStepPerTaskAtATime() {
        // Streaming, checked without timing: a task's next step is pulled only once its
        // previous one has happened, so the engine never holds more than one unfinished step
        // per task, whatever the trace's length.
        int tasks = 8;
        long[] pulled = new long[tasks];
        long[] happened = new long[tasks];
        int[] worst = new int[1];
        List<TaskStream> ring = NeighbourExchange.program(200_000, tasks, 1000);
        List<TaskStream> counted = new ArrayList<>();
        for (int t = 0; t < tasks; t++) {
            TaskStream s = ring.get(t);
            int task = t;
            counted.add(new TaskStream() {
                @Override
                public String name() {
                    return s.name();
                }

                @Override
                public Iterator<Step> steps() {
                    Iterator<Step> in = s.steps();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return in.hasNext();
                        }

                        @Override
                        public Step next() {
                            pulled[task]++;
                            worst[0] = (int) Math.max(worst[0], pulled[task] - happened[task]);
                            return in.next();
                        }
                    };
                }
            });
        }
        CriticalPath.Result r = CriticalPath.of(counted, (task, step, workStart, time) -> happened[task]++);
        assertEquals(1, worst[0]);
        assertEquals(r.events(), Arrays.stream(happened).sum());
    }

    @Test
    void benchmarkFiguresAreConsistent() {
        TraceBenchmark.Figures f = TraceBenchmark.run(64 * 1001, 64, 1000);
        // per task: 1001 / 5.005 = 200 rounds -> 1000 events + 1 barrier = 1001
        assertEquals(64 * 1001, f.events());
        assertEquals(64, f.tasks());
        assertTrue(f.peakHeapBytes() > 0);
        assertTrue(f.line().startsWith("critical path: 64,064 events over 64 tasks in "), f.line());
    }
}

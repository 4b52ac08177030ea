package lcm.trace;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A generated message-passing program for the benchmark (docs/design.md#performance): {@code tasks} tasks on a
 * ring; each round a task computes (a deterministic pseudo-random 1 to 1.5 ms, so that the
 * critical path wanders between tasks), sends to both neighbours and receives from both; every
 * {@code barrierEvery} exchange events all tasks meet at a barrier. Steps are generated as the
 * engine pulls them: nothing is materialized.
 */
public final class NeighbourExchange {

    /** Events of one round: compute, two sends, two receives. */
    static final int EVENTS_PER_ROUND = 5;

    private NeighbourExchange() {
    }

    /** Tasks whose event counts add up to about {@code events} (whole rounds, equal per task). */
    public static List<TaskStream> program(long events, int tasks, int barrierEvery) {
        int roundsPerBarrier = Math.max(1, barrierEvery / EVENTS_PER_ROUND);
        double perRound = EVENTS_PER_ROUND + 1.0 / roundsPerBarrier;
        long rounds = (long) Math.floor(events / (double) tasks / perRound);
        List<TaskStream> out = new ArrayList<>(tasks);
        for (int t = 0; t < tasks; t++) {
            out.add(new Ring(t, tasks, rounds, roundsPerBarrier));
        }
        return out;
    }

    private record Ring(int task, int tasks, long rounds, int roundsPerBarrier) implements TaskStream {

        @Override
        public String name() {
            return "rank" + task;
        }

        @Override
        public Iterator<Step> steps() {
            int left = (task + tasks - 1) % tasks;
            int right = (task + 1) % tasks;
            return new Iterator<>() {
                long round;
                int phase;

                @Override
                public boolean hasNext() {
                    return round < rounds;
                }

                @Override
                public Step next() {
                    if (round >= rounds) {
                        throw new NoSuchElementException();
                    }
                    Step s = switch (phase) {
                        case 0 -> Step.compute(1e-3 * (1 + 0.5 * noise(task, round)), "stencil");
                        case 1 -> Step.send(key(round, task, left), 1e-5);
                        case 2 -> Step.send(key(round, task, right), 1e-5);
                        case 3 -> Step.recv(key(round, left, task), 2e-5);
                        case 4 -> Step.recv(key(round, right, task), 2e-5);
                        default -> Step.barrier("b" + round, 0);
                    };
                    phase++;
                    if (phase == EVENTS_PER_ROUND) {
                        phase = (round + 1) % roundsPerBarrier == 0 ? EVENTS_PER_ROUND : 0;
                        if (phase == 0) {
                            round++;
                        }
                    } else if (phase == EVENTS_PER_ROUND + 1) {
                        phase = 0;
                        round++;
                    }
                    return s;
                }
            };
        }

        private static String key(long round, int from, int to) {
            return round + ":" + from + ">" + to;
        }

        /** A deterministic number in [0, 1) for (task, round): splitmix64. */
        private static double noise(int task, long round) {
            long z = round * 0x9E3779B97F4A7C15L + task * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            return (z >>> 11) * 0x1.0p-53;
        }
    }
}

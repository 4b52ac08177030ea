package lcm.bench;

import lcm.expr.NumberText;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.IntFunction;

/**
 * Whether reading grows linearly with the input: the CPU time of one task on an input of size
 * n and on one of size 10 n, each the least of a few runs after a warm-up. Linear reading
 * gives a ratio near 10 (at most 12 is the promise, docs/reliability.md); a reader that
 * backtracks over its input gives near 100. The thread's own CPU time, not the wall clock, so
 * that a loaded machine does not inflate it.
 */
public final class Linearity {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The least CPU time of {@code runs} runs of each, n and 10 n, and their ratio. */
    public record Ratio(double small, double large) {
        public double ratio() {
            return large / small;
        }

        @Override
        public String toString() {
            return NumberText.fixed(small, 4) + " s at n, " + NumberText.fixed(large, 4) + " s at 10 n: ratio "
                    + NumberText.fixed(ratio(), 2);
        }
    }

    private Linearity() {
    }

    /**
     * Times the reading {@code work.apply(size)} returns at {@code n} and {@code 10 n}: it builds
     * its input of that size when called (not timed) and returns the reading of it (timed).
     */
    public static Ratio of(int n, int runs, IntFunction<Runnable> work) {
        Runnable small = work.apply(n);
        Runnable large = work.apply(10 * n);
        small.run(); // warm-up: the classes loaded and the code compiled before any timing
        large.run();
        return new Ratio(least(small, runs), least(large, runs));
    }

    private static double least(Runnable r, int runs) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < runs; i++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            r.run();
            best = Math.min(best, (THREADS.getCurrentThreadCpuTime() - t0) * 1e-9);
        }
        return best;
    }
}

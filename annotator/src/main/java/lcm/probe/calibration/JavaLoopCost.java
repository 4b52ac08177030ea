package lcm.probe.calibration;

import lcm.expr.Median;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * The Java side of the loop-cost microbenchmark ({@link LoopCost}), run in a JVM started with
 * the processors a program at p = w gets (-XX:ActiveProcessorCount=w, pinned to w processors):
 * its common pool then has the parallelism lcm's Java programs get, and the calling thread joins
 * the loop. Like J. M. Bull's EPCC microbenchmarks (EWOMP 1999), a loop of w iterations, each a
 * fixed delay, is timed many times, and so is one delay run serially; the loop's cost is the
 * difference. The delay is a spin on the clock, long enough that each of the pool's threads takes
 * an iteration, as in a loop with real work. Alternating blocks of serial and parallel samples
 * spread a change of the machine's load over both; the medians are printed, in seconds:
 * {@code loop-cost w=W pool=P loop=L serial=S reps=N}.
 *
 * <p>{@code java ... JavaLoopCost DELAY_SECONDS WARM_SECONDS MEASURE_SECONDS}
 */
public final class JavaLoopCost {

    private static final int BLOCKS = 10;

    private JavaLoopCost() {
    }

    public static void main(String[] args) {
        long delay = (long) (Double.parseDouble(args[0]) * 1e9);
        double warm = Double.parseDouble(args[1]);
        double measure = Double.parseDouble(args[2]);
        int w = Runtime.getRuntime().availableProcessors();
        long warmEnd = System.nanoTime() + (long) (warm * 1e9);
        while (System.nanoTime() < warmEnd) {
            loop(w, delay);
            spin(delay);
        }
        int reps = Math.max(BLOCKS, (int) (measure * 1e9 / (2 * delay + 1000)));
        int perBlock = Math.max(1, reps / BLOCKS);
        long[] loop = new long[perBlock * BLOCKS];
        long[] serial = new long[perBlock * BLOCKS];
        int k = 0;
        for (int block = 0; block < BLOCKS; block++) {
            for (int i = 0; i < perBlock; i++) {
                long t0 = System.nanoTime();
                spin(delay);
                serial[k + i] = System.nanoTime() - t0;
            }
            for (int i = 0; i < perBlock; i++) {
                long t0 = System.nanoTime();
                loop(w, delay);
                loop[k + i] = System.nanoTime() - t0;
            }
            k += perBlock;
        }
        System.out.println(String.format(Locale.ROOT, "loop-cost w=%d pool=%d loop=%.9e serial=%.9e reps=%d", w,
                java.util.concurrent.ForkJoinPool.getCommonPoolParallelism(), median(loop) * 1e-9,
                median(serial) * 1e-9, loop.length));
    }

    private static void loop(int w, long delay) {
        IntStream.range(0, w).parallel().forEach(i -> spin(delay));
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    /** The median of nanosecond samples ({@link Median}, the one definition). */
    private static double median(long[] samples) {
        return Median.of(Arrays.stream(samples).asDoubleStream().toArray());
    }
}

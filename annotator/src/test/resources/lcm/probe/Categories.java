import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Test program for lcm measure's categories: each fragment does work of known length, and the
 * program prints what it timed itself ("name wall=S key=S ..."), for the test to compare.
 */
public class Categories {

    static volatile double sink;
    static final ReentrantLock lock = new ReentrantLock();
    static final double[] work = new double[2];
    static final long[] begun = new long[2];
    static final long[] ended = new long[2];
    static final double[] waited = new double[2];
    static double loop;
    static double serial;

    /** Keeps a processor busy for the given time. */
    static void spin(long nanos) {
        long t = System.nanoTime();
        while (System.nanoTime() - t < nanos) {
            sink += 1;
        }
    }

    static void timedSpin(int i, long nanos) {
        begun[i] = System.nanoTime();
        spin(nanos);
        ended[i] = System.nanoTime();
        work[i] = (ended[i] - begun[i]) * 1e-9;
    }

    /**
     * The loop's time is its forEach call alone: the stream and the lambda are made before it, as
     * the serial code they are (a lambda's first creation links it, milliseconds that a busy
     * machine stretches to tens).
     */
    //@lcm model: pc = 1
    static void unequal() {
        IntStream stream = IntStream.range(0, 2).parallel();
        IntConsumer body = i -> timedSpin(i, i == 0 ? 240_000_000L : 80_000_000L);
        long t = System.nanoTime();
        stream.forEach(body);
        loop = (System.nanoTime() - t) * 1e-9;
    }

    /** Serial code: the fragment's time less its two loops' forEach calls (0.2 s of spinning, and making the loops). */
    //@lcm model: pc = 1
    static void serialBetween() {
        long t0 = System.nanoTime();
        IntStream first = IntStream.range(0, 2).parallel();
        IntConsumer body = i -> spin(60_000_000L);
        long t = System.nanoTime();
        first.forEach(body);
        long loops = System.nanoTime() - t;
        spin(200_000_000L);
        IntStream second = IntStream.range(0, 2).parallel();
        t = System.nanoTime();
        second.forEach(body);
        loops += System.nanoTime() - t;
        serial = (System.nanoTime() - t0 - loops) * 1e-9;
    }

    //@lcm model: pc = 1
    static void locked() {
        IntStream.range(0, 2).parallel().forEach(i -> {
            long t = System.nanoTime();
            lock.lock();
            waited[i] = (System.nanoTime() - t) * 1e-9;
            try {
                spin(120_000_000L);
            } finally {
                lock.unlock();
            }
        });
    }

    public static void main(String[] args) {
        spin(300_000_000L); // warm up the JIT and the pool outside every fragment
        IntStream.range(0, 4).parallel().forEach(i -> spin(20_000_000L));
        long t = System.nanoTime();
        unequal();
        // both iterations' spinning at once counts once (at p = 1 the two threads share the processor)
        double overlap = Math.max(0, Math.min(ended[0], ended[1]) - Math.max(begun[0], begun[1])) * 1e-9;
        System.out.printf("unequal wall=%.9f loop=%.9f work0=%.9f work1=%.9f busy=%.9f%n", (System.nanoTime() - t) * 1e-9,
                loop, work[0], work[1], work[0] + work[1] - overlap);
        t = System.nanoTime();
        serialBetween();
        System.out.printf("serialBetween wall=%.9f serial=%.9f%n", (System.nanoTime() - t) * 1e-9, serial);
        t = System.nanoTime();
        locked();
        System.out.printf("locked wall=%.9f waited=%.9f%n", (System.nanoTime() - t) * 1e-9, waited[0] + waited[1]);
    }
}

import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.IntStream;

/**
 * Test program for lcm measure's categories: each fragment does work of known length, and the
 * program prints what it timed itself ("name wall=S key=S ..."), for the test to compare.
 */
public class Categories {

    static volatile double sink;
    static final ReentrantLock lock = new ReentrantLock();
    static final double[] work = new double[2];
    static final double[] waited = new double[2];
    static double serial;

    /** Keeps a processor busy for the given time. */
    static void spin(long nanos) {
        long t = System.nanoTime();
        while (System.nanoTime() - t < nanos) {
            sink += 1;
        }
    }

    static void timedSpin(int i, long nanos) {
        long t = System.nanoTime();
        spin(nanos);
        work[i] = (System.nanoTime() - t) * 1e-9;
    }

    //@lcm model: pc = 1
    static void unequal() {
        IntStream.range(0, 2).parallel().forEach(i -> timedSpin(i, i == 0 ? 240_000_000L : 80_000_000L));
    }

    //@lcm model: pc = 1
    static void serialBetween() {
        IntStream.range(0, 2).parallel().forEach(i -> spin(60_000_000L));
        long t = System.nanoTime();
        spin(200_000_000L);
        serial = (System.nanoTime() - t) * 1e-9;
        IntStream.range(0, 2).parallel().forEach(i -> spin(60_000_000L));
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
        System.out.printf("unequal wall=%.9f work0=%.9f work1=%.9f%n", (System.nanoTime() - t) * 1e-9, work[0], work[1]);
        t = System.nanoTime();
        serialBetween();
        System.out.printf("serialBetween wall=%.9f serial=%.9f%n", (System.nanoTime() - t) * 1e-9, serial);
        t = System.nanoTime();
        locked();
        System.out.printf("locked wall=%.9f waited=%.9f%n", (System.nanoTime() - t) * 1e-9, waited[0] + waited[1]);
    }
}

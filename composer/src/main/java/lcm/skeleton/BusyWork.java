package lcm.skeleton;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Calibrates the skeleton's busy work on this machine: how many steps of the generated
 * program's floating-point chain run per second of this thread's CPU time (after warming the
 * loop up, the median of five measurements of at least 20 ms). CPU time, not wall time, so
 * that other processes running meanwhile do not make the calibration too low.
 */
public final class BusyWork {

    private static volatile double sink;

    private BusyWork() {
    }

    public static double iterationsPerSecond() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean cpu = mx.isCurrentThreadCpuTimeSupported();
        spin(2_000_000);
        double[] rates = new double[5];
        long steps = 1_000_000;
        for (int r = 0; r < rates.length; r++) {
            long t0;
            long dt;
            do {
                t0 = cpu ? mx.getCurrentThreadCpuTime() : System.nanoTime();
                spin(steps);
                dt = (cpu ? mx.getCurrentThreadCpuTime() : System.nanoTime()) - t0;
                if (dt < 20_000_000L) {
                    steps *= 2;
                }
            } while (dt < 20_000_000L);
            rates[r] = steps / (dt / 1e9);
        }
        Arrays.sort(rates);
        return rates[rates.length / 2];
    }

    /** The generated program's loop (JavaSkeletonWriter). */
    static void spin(long steps) {
        double x = sink + 1.0;
        for (long i = 0; i < steps; i++) {
            x = x * 0.999999 + 1.0e-6;
        }
        sink = x;
    }
}

package lcm.probe.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The memory kernel of calibration and of the co-runner, run in a JVM of its own
 * ({@link TriadRun}): T threads, each with its own three arrays of N doubles, repeat the triad of
 * J. McCalpin's STREAM benchmark (1995), {@code a(i) = b(i) + s*c(i)}, counted as STREAM counts
 * it, 24 bytes an element (two loads, one store; the cache's write-allocate read not counted).
 * The arrays are filled and swept once before the clock starts (page faults, the JIT).
 *
 * <p>{@code java ... Triad THREADS ELEMENTS SECONDS}: runs SECONDS after the warm sweep and prints
 * {@code triad bandwidth=B passes=K} (B in bytes per second, the sum of each thread's bytes over
 * its own time). With SECONDS = 0 it is the co-runner: it prints {@code triad ready} once warm,
 * runs until its standard input closes, then prints the same line for the time it ran.
 */
public final class Triad {

    private static final double SCALAR = 3.0;

    private Triad() {
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int elements = Integer.parseInt(args[1]);
        double seconds = Double.parseDouble(args[2]);
        AtomicBoolean stop = new AtomicBoolean();
        CyclicBarrier warm = new CyclicBarrier(threads + 1);
        CyclicBarrier go = new CyclicBarrier(threads + 1);
        long deadline = Long.MAX_VALUE;
        List<Sweeper> sweepers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Sweeper s = new Sweeper(elements, warm, go, stop);
            sweepers.add(s);
            s.start();
        }
        warm.await();
        if (seconds <= 0) {
            System.out.println("triad ready");
            System.out.flush();
        }
        go.await();
        if (seconds > 0) {
            deadline = System.nanoTime() + (long) (seconds * 1e9);
            while (System.nanoTime() < deadline) {
                Thread.sleep(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            }
        } else {
            while (System.in.read() >= 0) {
                // the parent closes our input to stop us
            }
        }
        stop.set(true);
        double bandwidth = 0;
        long passes = 0;
        double check = 0;
        for (Sweeper s : sweepers) {
            s.join();
            bandwidth += 24.0 * elements * s.passes / (s.nanos * 1e-9);
            passes += s.passes;
            check += s.a[elements / 2];
        }
        System.out.println(String.format(Locale.ROOT, "triad bandwidth=%.6e passes=%d check=%.1f", bandwidth, passes,
                check));
    }

    /** One thread's arrays and its sweeps. */
    private static final class Sweeper extends Thread {
        final double[] a;
        final double[] b;
        final double[] c;
        final CyclicBarrier warm;
        final CyclicBarrier go;
        final AtomicBoolean stop;
        long passes;
        long nanos;

        Sweeper(int elements, CyclicBarrier warm, CyclicBarrier go, AtomicBoolean stop) {
            this.a = new double[elements];
            this.b = new double[elements];
            this.c = new double[elements];
            this.warm = warm;
            this.go = go;
            this.stop = stop;
            setDaemon(true);
        }

        @Override
        public void run() {
            java.util.Arrays.fill(b, 1.0);
            java.util.Arrays.fill(c, 2.0);
            sweep(a, b, c);
            try {
                warm.await();
                go.await();
            } catch (InterruptedException | BrokenBarrierException e) {
                return;
            }
            long t0 = System.nanoTime();
            do {
                sweep(a, b, c);
                passes++;
            } while (!stop.get());
            nanos = System.nanoTime() - t0;
        }

        private static void sweep(double[] a, double[] b, double[] c) {
            for (int i = 0; i < a.length; i++) {
                a[i] = b[i] + SCALAR * c[i];
            }
        }
    }

    /** The bandwidth in a line this kernel printed, or empty when it is not such a line. */
    static java.util.OptionalDouble bandwidth(String line) {
        if (!line.startsWith("triad bandwidth=")) {
            return java.util.OptionalDouble.empty();
        }
        String v = line.substring("triad bandwidth=".length()).split("\\s+")[0];
        try {
            return java.util.OptionalDouble.of(Double.parseDouble(v));
        } catch (NumberFormatException e) {
            return java.util.OptionalDouble.empty();
        }
    }
}

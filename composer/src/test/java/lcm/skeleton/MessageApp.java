package lcm.skeleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Test applications of our own that trace themselves in lcm's .mpt format: {@code tasks}
 * threads iterate {@code iterations} times over real work (Jacobi relaxation sweeps over a
 * private array) and exchange messages through queues, either with their ring neighbours
 * (a 1-D stencil's halo exchange) or with every other task (the all-to-all transpose of a
 * 2-D FFT). Each send and receive and each computation is timed and written as a trace line.
 */
final class MessageApp {

    enum Pattern { RING, ALL_TO_ALL }

    record Result(double seconds, String trace) {
    }

    private final Pattern pattern;
    private final int tasks;
    private final int iterations;
    private final int cells;
    private final int sweeps;

    MessageApp(Pattern pattern, int tasks, int iterations, int cells, int sweeps) {
        this.pattern = pattern;
        this.tasks = tasks;
        this.iterations = iterations;
        this.cells = cells;
        this.sweeps = sweeps;
    }

    Result run() throws InterruptedException {
        @SuppressWarnings("unchecked")
        LinkedBlockingQueue<double[]>[][] ch = new LinkedBlockingQueue[tasks][tasks];
        for (int i = 0; i < tasks; i++) {
            for (int j = 0; j < tasks; j++) {
                ch[i][j] = new LinkedBlockingQueue<>();
            }
        }
        List<List<String>> lines = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            lines.add(new ArrayList<>());
        }
        long t0 = System.nanoTime();
        Thread[] threads = new Thread[tasks];
        for (int i = 0; i < tasks; i++) {
            final int me = i;
            threads[i] = new Thread(() -> {
                try {
                    task(me, ch, lines.get(me), t0);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        StringBuilder sb = new StringBuilder("# task event begin end attributes\n");
        for (List<String> l : lines) {
            for (String s : l) {
                sb.append(s).append('\n');
            }
        }
        return new Result(seconds, sb.toString());
    }

    private void task(int me, LinkedBlockingQueue<double[]>[][] ch, List<String> out, long t0) throws InterruptedException {
        double[] u = new double[cells];
        for (int i = 0; i < cells; i++) {
            u[i] = Math.sin(i + me);
        }
        for (int it = 0; it < iterations; it++) {
            long b = System.nanoTime();
            relax(u);
            out.add(line(me, "compute", b, System.nanoTime(), t0, "fragment=relax"));
            List<Integer> peers = new ArrayList<>();
            if (pattern == Pattern.RING) {
                peers.add(Math.floorMod(me - 1, tasks));
                peers.add(Math.floorMod(me + 1, tasks));
            } else {
                for (int k = 1; k < tasks; k++) {
                    peers.add((me + k) % tasks);
                }
            }
            int size = pattern == Pattern.RING ? 1 : cells / tasks;
            for (int p : peers) {
                long s = System.nanoTime();
                double[] msg = new double[size];
                System.arraycopy(u, 0, msg, 0, size);
                ch[me][p].add(msg);
                out.add(line(me, "send", s, System.nanoTime(), t0, "to=p" + p + " size=" + 8 * size));
            }
            for (int p : peers) {
                long s = System.nanoTime();
                double[] msg = ch[p][me].take();
                u[0] += msg[0] * 1e-9;
                out.add(line(me, "recv", s, System.nanoTime(), t0, "from=p" + p + " size=" + 8 * size));
            }
        }
    }

    private void relax(double[] u) {
        for (int s = 0; s < sweeps; s++) {
            for (int i = 1; i < u.length - 1; i++) {
                u[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
            }
        }
    }

    private static String line(int task, String event, long b, long e, long t0, String attrs) {
        return String.format(Locale.ROOT, "p%d %s %.9f %.9f %s", task, event, (b - t0) / 1e9, (e - t0) / 1e9, attrs);
    }
}

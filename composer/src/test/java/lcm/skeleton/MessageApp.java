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

    /**
     * RING: a stencil exchanging with both neighbours; ALL_TO_ALL: the FFT's transpose pattern
     * with stencil work; FFT2D: a real 2D FFT of a {@code cells x cells} complex matrix, each
     * task holding {@code cells / tasks} rows: per iteration it transforms its rows, transposes
     * the matrix (a block of {@code (cells/tasks)^2} complex values to every other task, the
     * data-parallel FFT's all-to-all), and transforms its rows again (the columns before the
     * transpose). {@code sweeps} is unused there.
     */
    enum Pattern { RING, ALL_TO_ALL, FFT2D }

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
        if (pattern == Pattern.FFT2D) {
            fft2d(me, ch, out, t0);
            return;
        }
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

    /** This task's rows of the distributed 2D FFT (row-major, interleaved re/im), iterated. */
    private void fft2d(int me, LinkedBlockingQueue<double[]>[][] ch, List<String> out, long t0) throws InterruptedException {
        int n = cells;
        int rows = n / tasks;
        double[][] re = new double[rows][n];
        double[][] im = new double[rows][n];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < n; c++) {
                re[r][c] = Math.sin(0.01 * (me * rows + r) * c);
            }
        }
        for (int it = 0; it < iterations; it++) {
            long b = System.nanoTime();
            for (int r = 0; r < rows; r++) {
                fft(re[r], im[r]);
            }
            out.add(line(me, "compute", b, System.nanoTime(), t0, "fragment=cffts"));
            // transpose: block (me, p) goes to task p, which stores it transposed as block (p, me)
            int size = 2 * rows * rows;
            for (int k = 1; k < tasks; k++) {
                int p = (me + k) % tasks;
                long s = System.nanoTime();
                double[] block = new double[size];
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < rows; c++) {
                        block[2 * (r * rows + c)] = re[r][p * rows + c];
                        block[2 * (r * rows + c) + 1] = im[r][p * rows + c];
                    }
                }
                long e = System.nanoTime(); // before the message can be taken: no receive ends before its send
                ch[me][p].add(block);
                out.add(line(me, "send", s, e, t0, "to=p" + p + " size=" + 8 * size));
            }
            long tb = System.nanoTime();
            transposeOwnBlock(re, im, me, rows);
            out.add(line(me, "compute", tb, System.nanoTime(), t0, "fragment=transpose"));
            for (int k = 1; k < tasks; k++) {
                int p = (me - k + tasks) % tasks;
                long s = System.nanoTime();
                double[] block = ch[p][me].take();
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < rows; c++) {
                        re[c][p * rows + r] = block[2 * (r * rows + c)];
                        im[c][p * rows + r] = block[2 * (r * rows + c) + 1];
                    }
                }
                out.add(line(me, "recv", s, System.nanoTime(), t0, "from=p" + p + " size=" + 8 * size));
            }
            b = System.nanoTime();
            for (int r = 0; r < rows; r++) {
                fft(re[r], im[r]);
                for (int c = 0; c < n; c++) { // scale so that iterating stays finite
                    re[r][c] /= n;
                    im[r][c] /= n;
                }
            }
            out.add(line(me, "compute", b, System.nanoTime(), t0, "fragment=cffts"));
        }
    }

    private static void transposeOwnBlock(double[][] re, double[][] im, int me, int rows) {
        for (int r = 0; r < rows; r++) {
            for (int c = r + 1; c < rows; c++) {
                int a = me * rows + c;
                int d = me * rows + r;
                double t = re[r][a];
                re[r][a] = re[c][d];
                re[c][d] = t;
                t = im[r][a];
                im[r][a] = im[c][d];
                im[c][d] = t;
            }
        }
    }

    /** In-place radix-2 complex FFT (length a power of two). */
    static void fft(double[] re, double[] im) {
        int n = re.length;
        for (int i = 1, j = 0; i < n; i++) {
            int bit = n >> 1;
            for (; (j & bit) != 0; bit >>= 1) {
                j ^= bit;
            }
            j ^= bit;
            if (i < j) {
                double t = re[i];
                re[i] = re[j];
                re[j] = t;
                t = im[i];
                im[i] = im[j];
                im[j] = t;
            }
        }
        for (int len = 2; len <= n; len <<= 1) {
            double ang = -2 * Math.PI / len;
            double wr = Math.cos(ang);
            double wi = Math.sin(ang);
            for (int i = 0; i < n; i += len) {
                double cr = 1;
                double ci = 0;
                for (int k = 0; k < len / 2; k++) {
                    int u = i + k;
                    int v = u + len / 2;
                    double xr = re[v] * cr - im[v] * ci;
                    double xi = re[v] * ci + im[v] * cr;
                    re[v] = re[u] - xr;
                    im[v] = im[u] - xi;
                    re[u] += xr;
                    im[u] += xi;
                    double t = cr * wr - ci * wi;
                    ci = cr * wi + ci * wr;
                    cr = t;
                }
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

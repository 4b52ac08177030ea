package lcm.cli;

import lcm.expr.NumberText;
import java.io.PrintStream;
import java.util.concurrent.Callable;

/**
 * A progress bar on stderr for a step that takes more than a second. Nothing shows for a
 * quicker step. On a terminal the bar moves while the step runs (its length unknown, it sweeps)
 * and is replaced by a line with the step's time when it ends; elsewhere (logs, pipes) only that
 * final line is written.
 */
final class Progress {

    private static final long SHOW_AFTER_NANOS = 1_000_000_000L;
    private static final int WIDTH = 24;

    private Progress() {
    }

    /** Runs {@code work} under a bar labelled {@code label}. */
    static <T> T step(PrintStream err, boolean terminal, String label, Callable<T> work) throws Exception {
        long start = System.nanoTime();
        Thread bar = null;
        if (terminal) {
            bar = new Thread(() -> draw(err, label, start), "lcm-progress");
            bar.setDaemon(true);
            bar.start();
        }
        try {
            return work.call();
        } finally {
            long took = System.nanoTime() - start;
            if (bar != null) {
                bar.interrupt();
                try {
                    bar.join(500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (took > SHOW_AFTER_NANOS) {
                synchronized (err) {
                    err.print((terminal ? "\r\033[K" : "") + label + ": " + NumberText.fixed(took / 1e9, 1) + " s" + System.lineSeparator());
                    err.flush();
                }
            }
        }
    }

    /** Whether stderr goes to a terminal (then the bar moves). */
    static boolean terminal() {
        return System.console() != null;
    }

    private static void draw(PrintStream err, String label, long start) {
        try {
            Thread.sleep(SHOW_AFTER_NANOS / 1_000_000);
            int tick = 0;
            while (!Thread.currentThread().isInterrupted()) {
                int pos = tick % (2 * (WIDTH - 4));
                int at = pos < WIDTH - 4 ? pos : 2 * (WIDTH - 4) - pos;
                StringBuilder b = new StringBuilder("[");
                for (int i = 0; i < WIDTH; i++) {
                    b.append(i >= at && i < at + 4 ? '=' : ' ');
                }
                b.append("] ").append(label).append(' ').append(NumberText.fixed((System.nanoTime() - start) / 1e9, 1)).append(" s");
                synchronized (err) {
                    err.print("\r" + b);
                    err.flush();
                }
                tick++;
                Thread.sleep(120);
            }
        } catch (InterruptedException done) {
            // the step ended
        }
    }
}

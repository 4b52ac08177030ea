package lcm.campaign;

import lcm.expr.NumberText;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The progress of a local campaign on stderr: runs done, runs left, and the time left. On a
 * terminal one bar is redrawn every second while a run goes on; elsewhere (a log, a pipe) one
 * line is written per finished run. The time left is the plan's estimate of the runs left,
 * scaled by how the finished runs compared with their estimate (without an estimate, the mean
 * time of the finished runs).
 */
final class CampaignProgress implements AutoCloseable {

    private static final int WIDTH = 30;

    private final PrintStream err;
    private final boolean terminal;
    private final int total;
    private int done;
    private double spent;
    private double spentEstimated;
    private double leftEstimated;
    private String current = "";
    private long currentStart;
    private final Thread ticker;

    /**
     * @param total         runs to make in this session
     * @param leftEstimated the estimated seconds of those runs (NaN without an estimate)
     */
    CampaignProgress(PrintStream err, boolean terminal, int total, double leftEstimated) {
        this.err = err;
        this.terminal = terminal;
        this.total = total;
        this.leftEstimated = leftEstimated;
        if (terminal) {
            ticker = new Thread(this::tick, "lcm-campaign-progress");
            ticker.setDaemon(true);
            ticker.start();
        } else {
            ticker = null;
        }
    }

    synchronized void started(String what) {
        current = what;
        currentStart = System.nanoTime();
        draw();
    }

    /** A run ended after {@code seconds}; it was estimated at {@code estimated} (NaN when not). */
    synchronized void finished(String what, double seconds, double estimated, boolean ok) {
        done++;
        spent += seconds;
        if (!Double.isNaN(estimated)) {
            spentEstimated += estimated;
            leftEstimated -= estimated;
        }
        current = "";
        if (terminal) {
            draw();
        } else {
            err.println("lcm campaign: " + done + "/" + NumberText.counted(total, "run") + " done, " + (total - done) + " left" + left() + " ("
                    + what + ": " + (ok ? "ok" : "failed") + ", " + NumberText.fixed(seconds, 1) + " s)");
        }
    }

    /** The time left, as {@code , about 1 min 12 s left}, or nothing when not known yet. */
    private String left() {
        int runsLeft = total - done;
        if (runsLeft == 0) {
            return "";
        }
        double seconds;
        if (!Double.isNaN(leftEstimated) && spentEstimated > 0) {
            seconds = Math.max(0, leftEstimated) * spent / spentEstimated;
        } else if (!Double.isNaN(leftEstimated) && done == 0) {
            seconds = leftEstimated;
        } else if (done > 0) {
            seconds = spent / done * runsLeft;
        } else {
            return "";
        }
        if (!current.isEmpty()) {
            seconds = Math.max(0, seconds - (System.nanoTime() - currentStart) * 1e-9);
        }
        return ", about " + duration(seconds) + " left";
    }

    private void draw() {
        if (!terminal) {
            return;
        }
        int filled = total == 0 ? WIDTH : done * WIDTH / total;
        String bar = "[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "]";
        String line = String.format(Locale.ROOT, "%s %d/%d runs, %d left%s%s", bar, done, total, total - done, left(),
                current.isEmpty() ? "" : ": " + current + " ("
                        + NumberText.fixed((System.nanoTime() - currentStart) * 1e-9, 0) + " s)");
        err.print("\r\033[K" + line);
        err.flush();
    }

    private void tick() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(1000);
                synchronized (this) {
                    if (!current.isEmpty()) {
                        draw();
                    }
                }
            }
        } catch (InterruptedException stop) {
            // the campaign ended
        }
    }

    @Override
    public synchronized void close() {
        if (ticker != null) {
            ticker.interrupt();
            err.print("\r\033[K");
            err.flush();
        }
    }

    /** {@code 8 s}, {@code 1 min 12 s}, {@code 2 h 05 min}. */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min " + s % 60 + " s";
        }
        long minutes = Math.round(seconds / 60);
        return String.format(Locale.ROOT, "%d h %02d min", minutes / 60, minutes % 60);
    }
}

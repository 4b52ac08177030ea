package lcm.probe;

import java.util.Map;

/**
 * The threads that worked for one fragment execution and how their busy times spread: how many
 * worked (busy time above 0), the mean of their busy times and the standard deviation (n - 1 in
 * the denominator: its square is an unbiased estimate of the per-thread variance; 0 for one
 * thread), in seconds. {@link #NONE} where the probe did not name the threads.
 */
public record ThreadSpread(int threads, double mean, double sd) {

    /** No thread named: nothing known of the spread. */
    public static final ThreadSpread NONE = new ThreadSpread(0, 0, 0);

    public boolean known() {
        return this != NONE;
    }

    /** One thread's busy time for an execution while it is open: nanoseconds so far, and since when it is busy. */
    static final class Busy {
        long nanos;
        int depth;
        long since;

        void change(long t, int delta) {
            if (depth <= 0 && delta > 0) {
                since = t;
            }
            depth += delta;
            if (depth <= 0 && delta < 0) {
                nanos += t - since;
                depth = 0;
            }
        }

        /** The busy time up to {@code t}, counting a busy span still open then. */
        long at(long t) {
            return nanos + (depth > 0 ? t - since : 0);
        }
    }

    /** The spread of the threads' busy times at the execution's close {@code t} (null: none named). */
    static ThreadSpread of(Map<Long, Busy> threads, long t) {
        if (threads == null) {
            return NONE;
        }
        int n = 0;
        double mean = 0;
        double m2 = 0;
        for (Busy b : threads.values()) {
            long ns = b.at(t);
            if (ns <= 0) {
                continue;
            }
            double x = ns * 1e-9;
            n++;
            double d = x - mean; // Welford
            mean += d / n;
            m2 += d * (x - mean);
        }
        return new ThreadSpread(n, mean, n > 1 ? Math.sqrt(Math.max(0, m2) / (n - 1)) : 0);
    }
}

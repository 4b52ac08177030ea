package lcm.probe;

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

    /**
     * The threads' busy times for one open execution: per thread (by id, in the order they first
     * worked for it) the nanoseconds so far, how many busy states it is in, and since when. A
     * linear search in arrays: an execution has few threads, and this runs once per state change.
     */
    static final class Busy {
        private long[] ids = new long[4];
        private long[] nanos = new long[4];
        private long[] since = new long[4];
        private int[] depth = new int[4];
        private int count;

        /** Thread {@code id} enters (+) or leaves (-) busy states at {@code t}. */
        void change(long id, long t, int delta) {
            int i = 0;
            while (i < count && ids[i] != id) {
                i++;
            }
            if (i == count) {
                if (count == ids.length) {
                    ids = java.util.Arrays.copyOf(ids, count * 2);
                    nanos = java.util.Arrays.copyOf(nanos, count * 2);
                    since = java.util.Arrays.copyOf(since, count * 2);
                    depth = java.util.Arrays.copyOf(depth, count * 2);
                }
                ids[i] = id;
                count++;
            }
            if (depth[i] <= 0 && delta > 0) {
                since[i] = t;
            }
            depth[i] += delta;
            if (depth[i] <= 0 && delta < 0) {
                nanos[i] += t - since[i];
                depth[i] = 0;
            }
        }

        /** The spread at the execution's close {@code t}, a busy span still open counted up to it. */
        ThreadSpread at(long t) {
            int n = 0;
            double mean = 0;
            double m2 = 0;
            for (int i = 0; i < count; i++) {
                long ns = nanos[i] + (depth[i] > 0 ? t - since[i] : 0);
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

    /** The spread of the threads' busy times at the execution's close {@code t} (null: no thread named). */
    static ThreadSpread of(Busy threads, long t) {
        return threads == null ? NONE : threads.at(t);
    }
}

package lcm.probe;

import java.util.Arrays;

/**
 * The median of a stream of non-negative values in bounded memory: exact for up to 65,536
 * values, then from a histogram of logarithmic bins 0.1 % wide (so within 0.05 % of the exact
 * median), whatever the stream's length. Values below 1e-12 count as 0.
 */
final class Median {

    private static final int EXACT = 1 << 16;
    private static final double SMALLEST = 1e-12;
    private static final double STEP = Math.log1p(1e-3);

    private double[] exact = new double[16];
    private long count;
    private long zeros;
    private long[] bins;
    private int lowest;

    void add(double v) {
        if (exact != null) {
            if (count == exact.length) {
                if (count == EXACT) {
                    double[] old = exact;
                    exact = null;
                    count = 0;
                    for (double o : old) {
                        add(o);
                    }
                    add(v);
                    return;
                }
                exact = Arrays.copyOf(exact, exact.length * 2);
            }
            exact[(int) count++] = v;
            return;
        }
        count++;
        if (!(v >= SMALLEST)) {
            zeros++;
            return;
        }
        int bin = (int) Math.floor(Math.log(v / SMALLEST) / STEP);
        if (bins == null) {
            bins = new long[64];
            lowest = bin;
        } else if (bin < lowest || bin >= lowest + bins.length) {
            // widened towards the value by at least the width it has: the range of finite values
            // bounds it (a run of values each a bin lower than the last doubled it every time)
            int from = bin < lowest ? Math.min(bin, lowest - bins.length) : lowest;
            int to = bin < lowest ? lowest + bins.length : Math.max(bin + 1, lowest + 2 * bins.length);
            long[] wider = new long[to - from];
            System.arraycopy(bins, 0, wider, lowest - from, bins.length);
            bins = wider;
            lowest = from;
        }
        bins[bin - lowest]++;
    }

    double value() {
        if (count == 0) {
            return 0;
        }
        if (exact != null) {
            double[] v = Arrays.copyOf(exact, (int) count);
            Arrays.sort(v);
            int n = v.length;
            return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        }
        return (rank((count - 1) / 2) + rank(count / 2)) / 2;
    }

    /** The k-th smallest value (from 0), as its bin's geometric middle. */
    private double rank(long k) {
        if (k < zeros) {
            return 0;
        }
        long seen = zeros;
        for (int i = 0; i < bins.length; i++) {
            seen += bins[i];
            if (seen > k) {
                return SMALLEST * Math.exp((lowest + i + 0.5) * STEP);
            }
        }
        return 0;
    }
}

package lcm.probe;

import lcm.expr.Median;

import java.util.Arrays;

/**
 * The median of a stream of non-negative values in bounded memory: exact ({@link Median}) for up
 * to 65,536 values, then from a histogram of logarithmic bins 0.1 % wide (so within 0.05 % of the
 * exact median), whatever the stream's length. Values below 1e-12 count as 0.
 */
final class MedianSketch {

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
            // widen to hold the new bin, with room for as many more on that side (a range of
            // values from 1e-12 to 1e6 s is 41,500 bins at most)
            int slack = Math.min(bins.length, 4096);
            int from = bin < lowest ? bin - slack : lowest;
            int to = bin < lowest ? lowest + bins.length : bin + 1 + slack;
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
            return Median.of(Arrays.copyOf(exact, (int) count));
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

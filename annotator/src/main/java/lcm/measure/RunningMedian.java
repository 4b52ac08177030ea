package lcm.measure;

import java.util.Arrays;

/**
 * The median of a stream of values in bounded memory: exact while at most {@value #EXACT} values
 * have been added (they are kept), then within {@value #ACCURACY_PERCENT} % of the true median
 * (a logarithmic histogram of the magnitudes, as DDSketch: bucket i holds values in
 * (g^(i-1), g^i] with g = (1 + a) / (1 - a), and a bucket's value is 2 g^i / (g + 1), within a
 * relative a of everything in it). A fragment executed ten million times in one run costs a few
 * kilobytes, not eighty megabytes.
 */
final class RunningMedian {

    static final int EXACT = 1024;
    static final double ACCURACY_PERCENT = 0.5;

    private static final double A = ACCURACY_PERCENT / 100;
    private static final double GAMMA = (1 + A) / (1 - A);
    private static final double LOG_GAMMA = Math.log(GAMMA);

    private double[] exact = new double[16];
    private long count;
    private long zeros;
    private Buckets positive;
    private Buckets negative;

    /** Counts per bucket index over a window [base, base + counts.length) that grows as needed. */
    private static final class Buckets {
        int base;
        long[] counts = new long[0];
        long total;

        void add(int index) {
            if (counts.length == 0) {
                base = index;
                counts = new long[8];
            } else if (index < base) {
                int grow = Math.max(base - index, counts.length);
                long[] c = new long[counts.length + grow];
                System.arraycopy(counts, 0, c, grow, counts.length);
                counts = c;
                base -= grow;
            } else if (index >= base + counts.length) {
                counts = Arrays.copyOf(counts, Math.max(index - base + 1, counts.length * 2));
            }
            counts[index - base]++;
            total++;
        }

        /** The magnitude of the rank-th smallest magnitude (0-based). */
        double at(long rank) {
            long seen = 0;
            for (int i = 0; i < counts.length; i++) {
                seen += counts[i];
                if (seen > rank) {
                    return 2 * Math.pow(GAMMA, base + i) / (GAMMA + 1);
                }
            }
            return 2 * Math.pow(GAMMA, base + counts.length - 1) / (GAMMA + 1);
        }
    }

    void add(double v) {
        if (count < EXACT) {
            if (count == exact.length) {
                exact = Arrays.copyOf(exact, exact.length * 2);
            }
            exact[(int) count] = v;
        } else {
            if (count == EXACT) {
                for (int i = 0; i < EXACT; i++) {
                    bucket(exact[i]);
                }
                exact = null;
            }
            bucket(v);
        }
        count++;
    }

    private void bucket(double v) {
        if (v == 0) {
            zeros++;
            return;
        }
        int index = (int) Math.ceil(Math.log(Math.abs(v)) / LOG_GAMMA);
        if (v > 0) {
            if (positive == null) {
                positive = new Buckets();
            }
            positive.add(index);
        } else {
            if (negative == null) {
                negative = new Buckets();
            }
            negative.add(index);
        }
    }

    long count() {
        return count;
    }

    /** The median (the mean of the two middle values for an even count); NaN when empty. */
    double median() {
        if (count == 0) {
            return Double.NaN;
        }
        if (exact != null) {
            double[] s = Arrays.copyOf(exact, (int) count);
            Arrays.sort(s);
            int n = s.length;
            return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        }
        return (rank((count - 1) / 2) + rank(count / 2)) / 2;
    }

    /** The value of the given 0-based rank in ascending order (approximate past {@value #EXACT} values). */
    private double rank(long r) {
        long neg = negative == null ? 0 : negative.total;
        if (r < neg) {
            return -negative.at(neg - 1 - r);
        }
        r -= neg;
        if (r < zeros) {
            return 0;
        }
        return positive.at(r - zeros);
    }
}

package lcm.expr;

import java.util.Arrays;

/**
 * The median of a stream of values in bounded memory, the one lcm uses wherever values arrive
 * one at a time (executions of a fragment in a run, lines of a pp file). Exact ({@link Median})
 * while at most {@value #EXACT} values have been added; after that within a relative
 * {@value #ACCURACY} of the exact median, whatever the stream's length: the magnitudes go into a
 * logarithmic histogram (as DDSketch does), bucket i holding magnitudes in (g^(i-1), g^i] with
 * g = (1 + a) / (1 - a), represented by 2 g^i / (g + 1), which is within a relative a of every
 * magnitude in it. Negative values have a histogram of their own; zeros are counted, and so are
 * magnitudes below {@value #TINY} in the histogram (an absolute error of a picosecond, and the
 * histogram's width stays bounded by the range of the values above it). A fragment
 * executed ten million times in one run costs a few kilobytes, not eighty megabytes.
 */
public final class StreamingMedian {

    /** Values kept exactly before the histogram takes over. */
    public static final int EXACT = 1024;
    /** The relative accuracy of the median past {@link #EXACT} values. */
    public static final double ACCURACY = 5e-4;

    /** Magnitudes below this count as zeros once the histogram has taken over. */
    public static final double TINY = 1e-12;

    private static final double GAMMA = (1 + ACCURACY) / (1 - ACCURACY);
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

    /** Adds one value (NaN is refused: a median of values one of which is unknown is unknown). */
    public void add(double v) {
        if (Double.isNaN(v)) {
            throw new IllegalArgumentException("NaN has no place in a median");
        }
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
        if (Math.abs(v) < TINY) {
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

    /** How many values were added. */
    public long count() {
        return count;
    }

    /** The median (the mean of the two middle values for an even count); NaN when empty. */
    public double median() {
        if (count == 0) {
            return Double.NaN;
        }
        if (exact != null) {
            return Median.of(Arrays.copyOf(exact, (int) count));
        }
        return (rank((count - 1) / 2) + rank(count / 2)) / 2;
    }

    /** The value of the given 0-based rank in ascending order (approximate past {@link #EXACT} values). */
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

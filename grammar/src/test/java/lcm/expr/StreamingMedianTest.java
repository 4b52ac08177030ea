package lcm.expr;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Medians of streams in bounded memory: exact up to {@link StreamingMedian#EXACT} values, then
 * within a relative {@link StreamingMedian#ACCURACY} (0.05 %), for signed values and zeros alike.
 */
class StreamingMedianTest {

    @Test
    void exactUpToItsLimitThenWithinItsAccuracyForSignedValues() {
        Random r = new Random(3);
        StreamingMedian m = new StreamingMedian();
        double[] all = new double[100_001];
        for (int i = 0; i < all.length; i++) {
            // a third negative (a difference of times), the rest log-normal around a millisecond
            all[i] = (i % 3 == 0 ? -1 : 1) * Math.exp(r.nextGaussian() * 2) * 1e-3;
            m.add(all[i]);
        }
        java.util.Arrays.sort(all);
        double median = all[all.length / 2];
        assertEquals(median, m.median(), Math.abs(median) * StreamingMedian.ACCURACY);
        StreamingMedian few = new StreamingMedian();
        for (double v : new double[] {5, -1, 3, 0}) {
            few.add(v);
        }
        assertEquals(1.5, few.median());
        assertEquals(4, few.count());
        assertTrue(Double.isNaN(new StreamingMedian().median()));
        StreamingMedian limit = new StreamingMedian();
        for (int i = 1; i <= StreamingMedian.EXACT; i++) {
            limit.add(i * 1.0001);
        }
        assertEquals((512 + 513) / 2.0 * 1.0001, limit.median(), 0, "exact at the limit");
    }

    @Test
    void exactForFewValues() {
        StreamingMedian m = new StreamingMedian();
        for (double v : new double[] {0.3, 0.1, 0.2, 0.5}) {
            m.add(v);
        }
        assertEquals(0.25, m.median(), 0);
        m.add(0.4);
        assertEquals(0.3, m.median(), 0);
    }

    @Test
    void withinAHalfPerMilleForMillionsOfValues() {
        StreamingMedian m = new StreamingMedian();
        // 3,000,001 values: a third zeros (an ip that never occurs), the rest from 1 microsecond
        // to 2 seconds; the exact median is the 1,500,001st smallest
        int n = 3_000_001;
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = i % 3 == 0 ? 0 : 1e-6 * Math.pow(2e6, (i * 0.618034) % 1.0);
            m.add(values[i]);
        }
        java.util.Arrays.sort(values);
        double exact = values[n / 2];
        assertEquals(exact, m.median(), 5e-4 * exact);
        // values that widen the histogram one bin at a time, downwards and upwards
        StreamingMedian creeping = new StreamingMedian();
        for (int i = 0; i < 200_000; i++) {
            creeping.add(1e-3 * Math.pow(1.001, i % 2 == 0 ? i / 2 % 5000 : -(i / 2 % 5000)));
        }
        assertEquals(1e-3, creeping.median(), 1e-3 * 5e-4);
        StreamingMedian zeros = new StreamingMedian();
        for (int i = 0; i < 100_000; i++) {
            zeros.add(0);
        }
        assertEquals(0, zeros.median(), 0);
    }
}

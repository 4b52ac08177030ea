package lcm.probe;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Medians of executions in bounded memory: exact for a short run, within 0.05 % for a long one. */
class MedianSketchTest {

    @Test
    void exactForFewValues() {
        MedianSketch m = new MedianSketch();
        for (double v : new double[] {0.3, 0.1, 0.2, 0.5}) {
            m.add(v);
        }
        assertEquals(0.25, m.value(), 0);
        m.add(0.4);
        assertEquals(0.3, m.value(), 0);
    }

    @Test
    void withinAHalfPerMilleForMillionsOfValues() {
        MedianSketch m = new MedianSketch();
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
        assertEquals(exact, m.value(), 5e-4 * exact);
        // values that widen the histogram one bin at a time, downwards and upwards
        MedianSketch creeping = new MedianSketch();
        for (int i = 0; i < 200_000; i++) {
            creeping.add(1e-3 * Math.pow(1.001, i % 2 == 0 ? i / 2 % 5000 : -(i / 2 % 5000)));
        }
        assertEquals(1e-3, creeping.value(), 1e-3 * 5e-4);
        MedianSketch zeros = new MedianSketch();
        for (int i = 0; i < 100_000; i++) {
            zeros.add(0);
        }
        assertEquals(0, zeros.value(), 0);
    }
}

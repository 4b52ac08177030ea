package lcm.probe;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The streaming median: exact at first, then within 0.05 % in bounded memory, whatever order the values come in. */
class MedianTest {

    @Test
    void valuesThatSlowlyFallStayInBoundedMemory() throws Exception {
        // 200,000 executions whose times fall by half a bin (0.05 %) each: the histogram used to
        // double at every new lowest value and ran out of a 6 GB heap
        Median m = new Median();
        double[] all = new double[200_000];
        double v = 1e-3;
        for (int i = 0; i < all.length; i++) {
            all[i] = v;
            m.add(v);
            v *= 0.99995;
        }
        Field bins = Median.class.getDeclaredField("bins");
        bins.setAccessible(true);
        assertTrue(((long[]) bins.get(m)).length < 1 << 20, "bins: " + ((long[]) bins.get(m)).length);
        Arrays.sort(all);
        double exact = (all[all.length / 2 - 1] + all[all.length / 2]) / 2;
        assertEquals(exact, m.value(), exact * 5e-4);
    }

    @Test
    void exactForFewValues() {
        Median m = new Median();
        for (double x : new double[] {3, 1, 2, 0}) {
            m.add(x);
        }
        assertEquals(1.5, m.value(), 0);
    }
}

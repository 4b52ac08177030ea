package lcm.fit;

import lcm.annotation.Category;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Segmented models: resource contention that starts at p = 8 is fitted in two segments, with the breakpoint's interval. */
class SegmentedTest {

    @Test
    void contentionFromEightProcessorsIsFoundWithItsBreakpoint() {
        double[] p = {1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 32};
        double[][] x = new double[p.length][];
        double[] y = new double[p.length];
        Random r = new Random(2);
        for (int i = 0; i < p.length; i++) {
            x[i] = new double[] {p[i]};
            // rc = max(0.25*p - 1, 1): flat 1 up to p = 8, then rising by 0.25 per processor
            y[i] = Math.max(0.25 * p[i] - 1, 1) * (1 + 0.01 * (2 * r.nextDouble() - 1));
        }
        FitResult res = new ModelFitter(CandidateTable.defaults()).fit(new FitRequest(List.of(), "rc", Category.RC,
                List.of("p"), List.of(), false, true), Series.of(List.of("p"), x, y));
        Fit f = res.best().orElseThrow();
        assertEquals("max(k1*p+k2, k3)", f.candidate().text());
        double kink = Hinge.kinkOf(f, "p");
        assertEquals(8, kink, 0.5);
        String note = res.notes().stream().filter(n -> n.startsWith("breakpoint of p at ")).findFirst().orElseThrow();
        // the interval holds the breakpoint and lies between the neighbouring measured values 6 .. 10
        String[] ends = note.replaceAll(".*interval (\\S+) \\.\\. (\\S+)\\)$", "$1 $2").split(" ");
        double low = Double.parseDouble(ends[0]);
        double high = Double.parseDouble(ends[1]);
        assertTrue(low <= kink && kink <= high && low >= 6 && high <= 10, note);
    }
}

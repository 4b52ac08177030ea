package lcm.probe.calibration;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The loop-cost fit a(w-1) + b(w-1)^2 on costs whose a and b are known. */
class LoopCostFitTest {

    private static List<LoopCostFit.Cost> costs(double a, double b, int... ws) {
        List<LoopCostFit.Cost> out = new ArrayList<>();
        for (int w : ws) {
            out.add(new LoopCostFit.Cost(w, a * (w - 1) + b * (w - 1) * (w - 1)));
        }
        return out;
    }

    @Test
    void exactCostsGiveTheirCoefficients() {
        // 2 us per added thread and 0.3 us per added thread squared: at w = 16, 30 + 67.5 = 97.5 us
        LoopCostFit f = LoopCostFit.of(costs(2e-6, 3e-7, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16));
        assertEquals(2e-6, f.a(), 1e-18);
        assertEquals(3e-7, f.b(), 1e-18);
        assertEquals(0, f.residual(), 1e-18);
        assertEquals("", f.note());
        assertEquals(97.5e-6, f.at(16), 1e-18);
    }

    @Test
    void theJavaFftLoadImbalanceFitsBothTerms() {
        // li per execution of the Java FFT's data parallel loop at n = 256: 0.36, 0.76, 1.38, 3.47 ms
        // at p = 2, 4, 8, 16. By hand, over x = p - 1 = 1, 3, 7, 15: sum x^2 = 284, x^3 = 3746,
        // x^4 = 53108, x c = 0.06435, x^2 c = 0.85557; det = 284*53108 - 3746^2 = 1050156;
        // a = (0.06435*53108 - 3746*0.85557) / det = 0.20238 ms, b = (284*0.85557 - 3746*0.06435) / det
        // = 1.8348 us: both positive, so least squares stands; its largest miss is at p = 2 (0.156 ms)
        LoopCostFit f = LoopCostFit.of(List.of(new LoopCostFit.Cost(2, 0.36e-3), new LoopCostFit.Cost(4, 0.76e-3),
                new LoopCostFit.Cost(8, 1.38e-3), new LoopCostFit.Cost(16, 3.47e-3)));
        assertEquals(0.20238e-3, f.a(), 0.00001e-3);
        assertEquals(1.8348e-6, f.b(), 0.0001e-6);
        assertEquals(0.15578e-3, f.residual(), 0.00001e-3);
        assertEquals("", f.note());
    }

    @Test
    void twoProcessorsDetermineOnlyA() {
        // w = 1 (cost 1 us, which the form puts at 0) and w = 2 (cost 15 us): a = sum x c / sum x^2 = 15 us
        LoopCostFit f = LoopCostFit.of(List.of(new LoopCostFit.Cost(1, 1e-6), new LoopCostFit.Cost(2, 15e-6)));
        assertEquals(15e-6, f.a(), 1e-18);
        assertEquals(0, f.b());
        assertEquals(1e-6, f.residual(), 1e-18);
        assertEquals("b = 0: with one thread count above 1 b is not determined, a is fitted alone", f.note());
    }

    @Test
    void aNegativeCoefficientIsZeroAndTheOtherRefitted() {
        // a cost that falls from w = 2 (10 us) to w = 3 (8 us): least squares through x = 1, 2 solves
        // a + b = 10, 2a + 4b = 8: a = 16, b = -6 us
        List<LoopCostFit.Cost> c = List.of(new LoopCostFit.Cost(1, 0), new LoopCostFit.Cost(2, 10e-6),
                new LoopCostFit.Cost(3, 8e-6));
        LoopCostFit f = LoopCostFit.of(c);
        // b = 0: a = (1*10 + 2*8) / (1 + 4) = 5.2 us (residuals 4.8 and -2.4 us); a = 0: b = (10 + 4*8) / (1 + 16)
        // = 2.470588 us (residuals 7.53 and -1.88 us): the first has the smaller sum of squares
        assertEquals(5.2e-6, f.a(), 1e-18);
        assertEquals(0, f.b());
        assertEquals(4.8e-6, f.residual(), 1e-17);
        assertEquals("least squares gave b = -6e-6 < 0: b = 0, a fitted alone", f.note());
    }

    @Test
    void oneThreadAloneGivesNoCost() {
        LoopCostFit f = LoopCostFit.of(List.of(new LoopCostFit.Cost(1, 2e-6)));
        assertEquals(0, f.a());
        assertEquals(0, f.b());
        assertEquals(2e-6, f.residual(), 1e-18);
        assertEquals("no loop of more than one thread: a = b = 0", f.note());
    }
}

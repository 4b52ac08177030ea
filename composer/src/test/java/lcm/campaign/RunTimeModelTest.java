package lcm.campaign;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The run-time model of the cost estimate: a fixed part plus a power law of the measured region. */
class RunTimeModelTest {

    @Test
    void recoversAPowerLawAndTheFixedPart() {
        // region = 1e-6 * n^2 / p seconds, every run 1.5 s longer than its region
        List<RunTimeModel.Sample> samples = new ArrayList<>();
        for (double n : new double[] {64, 128, 512}) {
            for (double p : new double[] {1, 2, 4}) {
                double region = 1e-6 * n * n / p;
                samples.add(new RunTimeModel.Sample(Map.of("n", n, "p", p), 1.5 + region, region));
            }
        }
        List<String> unvaried = new ArrayList<>();
        RunTimeModel m = RunTimeModel.fit(samples, List.of("n", "p"), unvaried);
        assertEquals(1.5, m.fixedSeconds(), 1e-9);
        assertEquals(2.0, m.exponents().get("n"), 1e-9);
        assertEquals(-1.0, m.exponents().get("p"), 1e-9);
        assertEquals(1e-6, m.scale(), 1e-15);
        // at n = 4096, p = 16: 1.5 + 1e-6 * 4096^2 / 16 = 2.548576 s
        assertEquals(2.548576, m.seconds(Map.of("n", 4096.0, "p", 16.0)), 1e-9);
        assertEquals(List.of(), unvaried);
        assertEquals("1.5 s + 1e-6*n^2.00*p^-1.00 s", m.text());
    }

    @Test
    void aVariableTheRunsDoNotVaryGetsExponentZero() {
        List<RunTimeModel.Sample> samples = List.of(
                new RunTimeModel.Sample(Map.of("n", 64.0, "p", 1.0), 3, 1),
                new RunTimeModel.Sample(Map.of("n", 128.0, "p", 1.0), 6, 4));
        List<String> unvaried = new ArrayList<>();
        RunTimeModel m = RunTimeModel.fit(samples, List.of("n", "p"), unvaried);
        assertEquals(List.of("p"), unvaried);
        assertEquals(0.0, m.exponents().get("p"));
        assertEquals(2.0, m.exponents().get("n"), 1e-9);
        assertEquals(2.0, m.fixedSeconds(), 1e-9); // the median of 2 and 2
        assertEquals(2 + 16, m.seconds(Map.of("n", 256.0, "p", 8.0)), 1e-9);
    }
}

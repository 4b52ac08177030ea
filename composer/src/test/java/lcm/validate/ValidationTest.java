package lcm.validate;

import lcm.compose.ComposeOptions;
import lcm.fortran.FortranOptions;
import lcm.measure.Extraction;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * lcm validate with the data the models are fitted on: intervals from resamples of the runs,
 * and the verdict against the measured structure, on two tiny programs whose answers can be
 * worked out by hand. A runs fragment {@code work} once, B twice; A's runs measure work at
 * 0.9, 1.0 and 1.1 processor-seconds (one point, so the fitted model is a constant). The
 * models in the sources are replaced by those fitted, B's cl line too (the runs measure no cl).
 */
class ValidationTest {

    @TempDir
    Path dir;

    private static final String A = """
            import java.util.stream.IntStream;

            public class WorkA {
                static int n = 1000;

                //@lcm model: pc = 1
                static void work() {
                    IntStream.range(0, n).parallel().forEach(i -> { });
                }

                public static void main(String[] args) {
                    work();
                }
            }
            """;

    private static final String B = """
            //@lcm measured-in: WorkA.java
            import java.util.stream.IntStream;

            public class WorkB {
                static int n = 1000;

                //@lcm model: pc = 7
                //@lcm model: cl = 5
                static void work() {
                    IntStream.range(0, n).parallel().forEach(i -> { });
                }

                public static void main(String[] args) {
                    work();
                    work();
                }
            }
            """;

    private static String run(double time, double pc) {
        return "# run: p = 1 processors; time " + time + " s (first fragment's start to last fragment's end); command 2 s;"
                + " n = 1000\ntag=work n=1000 p=1 pc=" + pc + " li=0 ip=0 sl=0\n";
    }

    private ValidationResult validate(String aRuns, int resamples) throws IOException {
        Files.writeString(dir.resolve("WorkA.java"), A);
        Files.writeString(dir.resolve("WorkB.java"), B);
        Path a = dir.resolve("a.pp");
        Files.writeString(a, aRuns);
        Path b = dir.resolve("b.pp");
        Files.writeString(b, run(2.1, 2.1) + run(1.9, 1.9) + run(2.0, 2.0));
        ValidationRequest request = new ValidationRequest(List.of(dir.resolve("WorkB.java")), b, Extraction.all(),
                Optional.of(a), Extraction.all(), List.of(dir.resolve("WorkA.java")), Map.of(),
                ComposeOptions.defaults(), FortranOptions.DEFAULT, resamples, ValidationRequest.SEED);
        return new Validation(new SourceRegistry()).run(request);
    }

    @Test
    void identicalRunsGiveAnIntervalOfNoWidth() throws IOException {
        ValidationResult r = validate(run(1.0, 1.0) + run(1.0, 1.0) + run(1.0, 1.0), 20);
        ValidationRow p = r.points().get(0);
        // work = 1.0 processor-seconds in every run: B (two calls) predicts 2.0 s, every resample too
        assertEquals(2.0, p.predicted().value(), 1e-9);
        assertEquals(2.0, p.predicted().low(), 1e-9);
        assertEquals(2.0, p.predicted().high(), 1e-9);
        // B's runs 2.1, 1.9, 2.0: median 2.0, inside; only the run of 2.0 lies in [2.0, 2.0]
        assertTrue(p.inside());
        assertEquals(1, p.runsInside());
        assertEquals(20, r.resamples());
        assertEquals(3, r.fittedRuns());
    }

    @Test
    void resampledRunsBoundTheIntervalAndTheVerdictFollowsIt() throws IOException {
        ValidationResult r = validate(run(0.9, 0.9) + run(1.0, 1.0) + run(1.1, 1.1), 100);
        ValidationRow p = r.points().get(0);
        // the fit of all three runs: work = 1.0, B = 2 x 1.0 = 2.0 s, A = 1.0 s
        assertEquals(2.0, p.predicted().value(), 1e-6);
        ValidationRow.Versus a = p.versus().orElseThrow();
        assertEquals(1.0, a.predicted().value(), 1e-6);
        // a resample's constant lies between its smallest and largest run, 0.9 .. 1.1: B's interval within 1.8 .. 2.2,
        // A's within 0.9 .. 1.1, and not of zero width (the runs differ)
        assertTrue(p.predicted().low() >= 1.8 - 1e-9 && p.predicted().high() <= 2.2 + 1e-9, p.predicted().toString());
        assertTrue(p.predicted().high() > p.predicted().low(), p.predicted().toString());
        assertTrue(a.predicted().low() >= 0.9 - 1e-9 && a.predicted().high() <= 1.1 + 1e-9, a.predicted().toString());
        // the intervals do not overlap: B is slower; measured B 2.0 against A 1.0 (median runs): slower, right
        assertEquals(Verdict.SLOWER, a.answer());
        assertEquals(Optional.of(Verdict.SLOWER), p.truth(ValidationResult.MARGIN));
        assertEquals(1, r.differing().size());
        assertEquals(1, r.verdictsRight());
    }

    @Test
    void theSameSeedGivesTheSameIntervals() throws IOException {
        String runs = run(0.9, 0.9) + run(1.0, 1.0) + run(1.3, 1.3);
        Interval first = validate(runs, 30).points().get(0).predicted();
        Interval second = validate(runs, 30).points().get(0).predicted();
        assertEquals(first, second);
    }

    @Test
    void overlappingIntervalsAreEqualWithinTheModelsAccuracy() {
        Interval b = new Interval(1.0, 0.9, 1.1);
        assertEquals(Verdict.EQUAL, Verdict.of(b, new Interval(1.2, 1.05, 1.3)));
        assertEquals(Verdict.FASTER, Verdict.of(b, new Interval(1.2, 1.11, 1.3)));
        assertEquals(Verdict.SLOWER, Verdict.of(b, new Interval(0.7, 0.6, 0.89)));
        // measured: 1.0 against 1.09 is within 10 %, against 1.11 B is faster
        assertEquals(Verdict.EQUAL, Verdict.measured(1.0, 1.09, 0.10));
        assertEquals(Verdict.FASTER, Verdict.measured(1.0, 1.11, 0.10));
        assertFalse(Interval.point(1.0).hasInterval());
    }

    @Test
    void quantilesInterpolateBetweenOrderStatistics() {
        // 11 values 0 .. 10: the 5th percentile at position 0.5 -> 0.5, the 95th at 9.5 -> 9.5
        double[] v = {10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        Interval i = Interval.of(5, v);
        assertEquals(0.5, i.low(), 1e-12);
        assertEquals(9.5, i.high(), 1e-12);
        assertEquals(0.9, i.relativeHalfWidth(), 1e-12);
    }
}

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
    void theIntervalIsTheModelsErrorAndTheVerdictThePairedDifference() throws IOException {
        ValidationResult r = validate(run(0.9, 0.9) + run(1.0, 1.0) + run(1.1, 1.1), 100);
        ValidationRow p = r.points().get(0);
        // the fit of all three runs: work = 1.0, B = 2 x 1.0 = 2.0 s, A = 1.0 s
        assertEquals(2.0, p.predicted().value(), 1e-6);
        ValidationRow.Versus a = p.versus().orElseThrow();
        assertEquals(1.0, a.predicted().value(), 1e-6);
        ModelError e = r.error().orElseThrow();
        // noise: A's runs 0.9, 1.0, 1.1 about their mean 1.0: s = sqrt((0.01 + 0 + 0.01) / 2) = 0.1, t(95 %, 2 df) = 2.919986
        assertEquals(0.2919986, e.noise(), 1e-6);
        // A composed from its fit (1.0) against its median run (1.0): no error; one value of p: no extrapolation term
        assertEquals(0.0, e.composition(), 1e-9);
        assertTrue(Double.isNaN(e.forward()));
        assertTrue(r.warnings().contains("the intervals have no term for extrapolating in p: the runs fitted have one value "
                + "of p (1)"), r.warnings().toString());
        // B's measured time is the median of 3 runs: the noise times sqrt(pi / 6) = 0.211286; the fit's spread (a
        // resample's constant lies in 0.9 .. 1.1, B's in 1.8 .. 2.2: at most 10 % either side) adds as a variance
        double low = (2.0 - p.predicted().low()) / 2.0;
        double high = (p.predicted().high() - 2.0) / 2.0;
        for (double h : new double[] {low, high}) {
            assertTrue(h >= 0.2112862 - 1e-6 && h <= Math.hypot(0.2112862, 0.1) + 1e-6, p.predicted().toString());
        }
        // the verdict comes from the paired difference B - A over the same resamples (each 2c - c = c > 0): slower;
        // measured B 2.0 against A 1.0 (median runs): slower, right
        assertEquals(Verdict.SLOWER, a.answer());
        assertEquals(Optional.of(Verdict.SLOWER), p.truth(ValidationResult.MARGIN));
        assertEquals(1, r.differing().size());
        assertEquals(1, r.verdictsRight());
    }

    @Test
    void theTermsAddAsVariancesAndExtrapolationGrowsWithTheDoublingsOfP() {
        ModelError e = new ModelError(0.10, 0.05, 0.08, 4);
        // inside the data (p <= 4): (0.10 x sqrt(pi / 6))^2 + 0.05^2 = 0.0052360 + 0.0025
        assertEquals(Math.sqrt(0.0077360), e.halfWidth(2, 3, 0), 1e-6);
        // p = 16 is two doublings beyond p = 4: + (2 x 0.08)^2 = 0.0256
        assertEquals(Math.sqrt(0.0333360), e.halfWidth(16, 3, 0), 1e-6);
        // one run: the noise whole; unknown terms are left out
        assertEquals(0.10, new ModelError(0.10, Double.NaN, Double.NaN, 4).halfWidth(16, 1, 0), 1e-12);
        Interval i = e.around(2.0, 16, 3, new double[0]);
        assertEquals(2.0 * (1 - Math.sqrt(0.0333360)), i.low(), 1e-6);
        assertEquals(2.0 * (1 + Math.sqrt(0.0333360)), i.high(), 1e-6);
        // never below 0
        assertEquals(0.0, new ModelError(2.0, 0, 0, 1).around(1.0, 1, 1, new double[0]).low());
    }

    @Test
    void thePairedDifferenceDecidesTheVerdict() {
        // B 1.0 and A 1.05 in every resample differ by 0.04 .. 0.06: B is faster although the two spreads overlap
        assertEquals(Verdict.FASTER, Verdict.paired(1.0, 1.05, new double[] {0.9, 1.0, 1.1}, new double[] {0.94, 1.05, 1.16}));
        // the differences straddle 0: equal within the models' accuracy
        assertEquals(Verdict.EQUAL, Verdict.paired(1.0, 1.05, new double[] {0.9, 1.0, 1.1}, new double[] {0.85, 1.05, 1.16}));
        assertEquals(Verdict.SLOWER, Verdict.paired(1.2, 1.0, new double[] {1.1, 1.2}, new double[] {1.0, 1.05}));
        // without resamples: the predictions as they are
        assertEquals(Verdict.FASTER, Verdict.paired(1.0, 1.05, new double[0], new double[0]));
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

    private static String runAt(double p, double time) {
        return "# run: p = " + (int) p + " processors; time " + time + " s (first fragment's start to last fragment's end);"
                + " command 2 s; n = 1000\ntag=work n=1000 p=" + (int) p + " pc=" + time * p + " li=0 ip=0 sl=0\n";
    }

    /**
     * A measured at p = 1 (1.0, 1.2 and 1.1 s: median 1.1) and p = 2 (0.6 and 0.7: median 0.65),
     * B at p = 1 (2.0 s), 2 (1.3 s) and 4 (0.5 s), all at n = 1000.
     */
    private ValidationResult naive(Extraction fitOn) throws IOException {
        Files.writeString(dir.resolve("WorkA.java"), A);
        Files.writeString(dir.resolve("WorkB.java"), B);
        Path a = dir.resolve("a.pp");
        Files.writeString(a, runAt(1, 1.0) + runAt(1, 1.2) + runAt(1, 1.1) + runAt(2, 0.6) + runAt(2, 0.7));
        Path b = dir.resolve("b.pp");
        Files.writeString(b, runAt(1, 2.0) + runAt(2, 1.3) + runAt(4, 0.5));
        ValidationRequest request = new ValidationRequest(List.of(dir.resolve("WorkB.java")), b, Extraction.all(),
                Optional.of(a), fitOn, List.of(), Map.of(), ComposeOptions.defaults(), FortranOptions.DEFAULT, 0,
                ValidationRequest.SEED);
        return new Validation(new SourceRegistry()).run(request);
    }

    @Test
    void naiveAnswersFromEveryRunOfA() throws IOException {
        ValidationResult r = naive(Extraction.all());
        // B takes A's time: p = 1: 1.1 against 2.0, -45 %; p = 2: 0.65 against 1.3, -50 %; p = 4: A has no run
        BaselineFigures same = r.baselines().get(0);
        assertEquals(NaiveBaseline.SAME_TIME, same.baseline());
        assertEquals(2, same.points());
        assertEquals(3, same.of());
        assertEquals(0.475, same.median(), 1e-9);
        assertEquals(0.50, same.max(), 1e-9);
        assertEquals(-0.45, r.points().get(0).naiveError(NaiveBaseline.SAME_TIME), 1e-9);
        assertTrue(Double.isNaN(r.points().get(2).naiveError(NaiveBaseline.SAME_TIME)));
        // perfect scaling from pmax = 2: 0.65 x 2 / p = 1.3, 0.65, 0.325 against 2.0, 1.3, 0.5: -35, -50, -35 %
        BaselineFigures scaling = r.baselines().get(1);
        assertEquals(2.0, scaling.pmax());
        assertEquals(3, scaling.points());
        assertEquals(0.35, scaling.median(), 1e-9);
        assertEquals(0.50, scaling.max(), 1e-9);
        assertEquals(0.325, r.points().get(2).naive().get(NaiveBaseline.PERFECT_SCALING), 1e-12);
        // lcm beats an answer where its median |error| over the answer's points is below the answer's
        double lcmFirstTwo = (Math.abs(r.points().get(0).error()) + Math.abs(r.points().get(1).error())) / 2;
        assertEquals(lcmFirstTwo, same.lcmMedian(), 1e-12);
        assertEquals(Optional.of(lcmFirstTwo < 0.475), same.lcmBeats());
        assertEquals(r.medianAbsError(), scaling.lcmMedian(), 1e-12);
        String text = ValidationReport.table(r);
        assertTrue(text.contains("naive answers at the same points, from the 5 runs of A the fit uses:\n"
                + "  B takes A's time (A's measured time at the point): 2 of 3 points, median |error| 47.5 %, "
                + "max |error| 50.0 %; lcm "), text);
        assertTrue(text.contains("  perfect scaling from A's largest p (A's time at p = 2 x 2 / p): 3 of 3 points, "
                + "median |error| 35.0 %, max |error| 50.0 %; lcm "), text);
    }

    @Test
    void naiveAnswersFromTheRunsTheFitUsesOnly() throws IOException {
        ValidationResult r = naive(Extraction.parse("p<=1", Path.of("<test>")));
        // A's runs at p = 1 only: B takes A's time at p = 1 alone (1.1 against 2.0, -45 %)
        BaselineFigures same = r.baselines().get(0);
        assertEquals(1, same.points());
        assertEquals(0.45, same.median(), 1e-9);
        // pmax = 1: 1.1 / p = 1.1, 0.55, 0.275 against 2.0, 1.3, 0.5: -45, -57.7, -45 %
        BaselineFigures scaling = r.baselines().get(1);
        assertEquals(1.0, scaling.pmax());
        assertEquals(3, scaling.points());
        assertEquals(0.45, scaling.median(), 1e-9);
        assertEquals(1 - 0.55 / 1.3, scaling.max(), 1e-9);
    }

    @Test
    void aNaiveAnswerAtNoPointIsSaidSo() throws IOException {
        Files.writeString(dir.resolve("WorkA.java"), A);
        Files.writeString(dir.resolve("WorkB.java"), B);
        Path a = dir.resolve("a.pp");
        Files.writeString(a, runAt(1, 1.0) + runAt(2, 0.6));
        Path b = dir.resolve("b.pp");
        Files.writeString(b, runAt(4, 0.5));
        ValidationResult r = new Validation(new SourceRegistry()).run(new ValidationRequest(
                List.of(dir.resolve("WorkB.java")), b, Extraction.all(), Optional.of(a), Extraction.all(), List.of(),
                Map.of(), ComposeOptions.defaults(), FortranOptions.DEFAULT, 0, ValidationRequest.SEED));
        BaselineFigures same = r.baselines().get(0);
        assertEquals(0, same.points());
        assertEquals(Optional.empty(), same.lcmBeats());
        assertTrue(ValidationReport.table(r).contains("  B takes A's time (A's measured time at the point): 0 of 1 points "
                + "(A's runs the fit uses have none at the points it needs): no figure\n"), ValidationReport.table(r));
    }
}

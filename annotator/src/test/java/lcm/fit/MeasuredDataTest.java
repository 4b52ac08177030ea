package lcm.fit;

import lcm.annotation.Category;
import lcm.measure.Measurement;
import lcm.source.SourceLocation;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Measured data fitted as measured data: runs as observations, robust centres, identifiability, stability. */
class MeasuredDataTest {

    private static final ModelFitter FITTER = new ModelFitter(CandidateTable.defaults());
    private static final Path FILE = Path.of("runs.pp");

    private static Measurement run(int run, Map<String, Double> values) {
        return new Measurement("f", values, SourceLocation.of(FILE, run + 1, 1), run);
    }

    @Test
    void oneWildRunDoesNotSteerItsPoint() {
        Random r = new Random(5);
        List<Measurement> ms = new ArrayList<>();
        int id = 0;
        double[] ns = {64, 128, 256, 512, 1024, 2048};
        for (double n : ns) {
            for (int k = 0; k < 3; k++) {
                double y = 2e-6 * n * n * (1 + 0.02 * r.nextGaussian());
                if (n == 2048 && k == 1) {
                    y *= 10; // a run with a collection in it
                }
                ms.add(run(id++, Map.of("n", n, "pc", y)));
            }
        }
        Series s = Series.of(ms, "pc", List.of("n"));
        assertEquals(18, s.runs());
        assertEquals(2e-6 * 2048 * 2048, s.centre(5), 0.05 * 2e-6 * 2048 * 2048, "Huber's centre, not the mean (4x)");
        FitResult f = FITTER.fit(new FitRequest(ms, "pc", Category.PC, List.of("n"), List.of(), false, true));
        Fit best = f.best().orElseThrow();
        double at = Prediction.value(best, 4096);
        // with the mean of the runs the largest point would be 4x too high and this far worse than 15 %
        assertEquals(2e-6 * 4096 * 4096, at, 0.15 * 2e-6 * 4096 * 4096, best.model().text());
    }

    @Test
    void aSpreadingPointCountsLess() {
        List<Measurement> ms = new ArrayList<>();
        int id = 0;
        double[][] runs = {{1.0, 1.01, 0.99}, {2.0, 2.02, 1.98}, {3.0, 3.03, 2.97}, {4.0, 6.0, 2.5}};
        for (int i = 0; i < runs.length; i++) {
            for (double y : runs[i]) {
                ms.add(run(id++, Map.of("n", i + 1.0, "pc", y)));
            }
        }
        double[] w = Series.of(ms, "pc", List.of("n")).spreadWeights();
        assertEquals(1, w[0]);
        assertEquals(1, w[2]);
        assertTrue(w[3] < 0.05, "the point whose runs disagree: " + w[3]);
    }

    /**
     * li = 1e-9 n^2 (p - 1)^2 on n = 64..1024 and p in {1, 2, 4}: li is 0 at p = 1 (left out), and two
     * values of p above 1 (2, 4) pin one term of p, of li's typical form k1*(max(p, 1) - 1), not
     * the faster (p - 1)^2 the two points show (one step cannot tell growth from noise: at most
     * linear in p - 1).
     */
    @Test
    void twoValuesOfPGiveOneTermOfTheTypicalForm() {
        List<Measurement> ms = new ArrayList<>();
        int id = 0;
        for (double n : new double[] {64, 128, 256, 512, 1024}) {
            for (double p : new double[] {1, 2, 4}) {
                ms.add(run(id++, Map.of("n", n, "p", p, "li", 1e-9 * n * n * (p - 1) * (p - 1))));
            }
        }
        FitResult f = FITTER.fit(new FitRequest(ms, "li", Category.LI, List.of("n", "p"), List.of(), false, true));
        Fit best = f.best().orElseThrow();
        assertEquals("k1*n^2*(max(p, 1)-1)", best.candidate().text());
        assertTrue(f.notes().stream().anyMatch(n -> n.startsWith("few values: p has 2 distinct values (2, 4)")), f.notes().toString());
        // linear in p - 1: from p = 4 to 16 by 15/3 = 5 at every n; 0 at p = 1
        assertEquals(5.0, Prediction.value(best, 1024, 16) / Prediction.value(best, 1024, 4), 1e-9);
        assertEquals(0.0, Prediction.value(best, 1024, 1), 0.0);
    }

    @Test
    void aMultiVariableModelNegativeBeyondTheMeasuredGridIsRejected() {
        List<Measurement> ms = new ArrayList<>();
        int id = 0;
        for (double n : new double[] {1, 2, 3, 4}) {
            for (double p : new double[] {1, 2, 3, 4}) {
                ms.add(run(id++, Map.of("n", n, "p", p, "pc", 40 - n * p)));
            }
        }
        Series s = Series.of(ms, "pc", List.of("n", "p"));
        CandidateForm form = CandidateForm.of(lcm.annotation.AnnotationReader.expression("k1 + k2*n*p"), List.of("n", "p"),
                CandidateForm.Origin.USER);
        Fit fit = FITTER.fitOne(form, s);
        List<String> notes = new ArrayList<>();
        assertEquals(1, Constraints.negative(List.of(fit), s, notes, FITTER::prepare).size());
        // the grid: 4 measured values and 4 beyond (2x .. 16x the largest) per variable, 64 points; n*p > 40 at 34
        assertTrue(notes.get(0).contains("is negative at 34 of 64 points of the measured grid"), notes.get(0));
    }

    @Test
    void resamplesKeepEveryPointAndItsNumberOfRuns() {
        List<Measurement> ms = new ArrayList<>();
        int id = 0;
        for (double n : new double[] {64, 128, 256, 512}) {
            for (int k = 0; k < 3; k++) {
                ms.add(run(id++, Map.of("n", n, "pc", n * (1 + 0.01 * k))));
            }
        }
        List<Measurement> drawn = Resample.runs(ms, List.of("n"), new Random(1));
        assertEquals(12, drawn.size());
        for (double n : new double[] {64, 128, 256, 512}) {
            assertEquals(3, drawn.stream().filter(m -> m.values().get("n") == n).count());
        }
        // a run drawn twice is two runs of the resample: as many runs as the data, numbered afresh
        assertEquals(12, drawn.stream().map(Measurement::run).distinct().count());
        FitRequest request = new FitRequest(ms, "pc", Category.PC, List.of("n"), List.of(), false, true);
        Stability.Result r = Stability.check(FITTER, request, FITTER.fit(request)).orElseThrow();
        assertEquals(Stability.RESAMPLES, r.counts().values().stream().mapToInt(Integer::intValue).sum());
        assertTrue(r.stable(), r.counts().toString());
        List<Measurement> once = List.of(run(0, Map.of("n", 1.0, "pc", 1.0)), run(1, Map.of("n", 2.0, "pc", 2.0)));
        assertFalse(Resample.resamplable(once, List.of("n")), "one run per point: nothing to resample");
    }

    @Test
    void theReportCountsRunsAndExecutionsAndShowsTheRankingsError() {
        List<Measurement> ms = new ArrayList<>();
        int id = 0;
        for (double n : new double[] {64, 128, 256, 512, 1024}) {
            for (int k = 0; k < 2; k++) {
                ms.add(run(id++, Map.of("n", n, "pc", 1e-6 * n * n * (1 + 0.01 * k), "execs", 100.0)));
            }
        }
        FitResult f = FITTER.fit(new FitRequest(ms, "pc", Category.PC, List.of("n"), List.of(), false, true));
        String text = FitText.render(f, "runs.pp", "none", "0");
        assertTrue(text.contains("Observations: 10 runs at 5 points (n = 64 .. 1024), 1,000 executions"), text);
        Fit best = f.best().orElseThrow();
        assertTrue(text.contains("CV : " + FitText.percent(best.cvRelative())), text);
    }
}

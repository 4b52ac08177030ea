package lcm.explore;

import lcm.TestRepo;
import lcm.compose.ComposeOptions;
import lcm.dag.Program;
import lcm.fit.CandidateTable;
import lcm.fortran.FortranOptions;
import lcm.probe.MeasuredRuns;
import lcm.source.SourceRegistry;
import lcm.validate.FittedComposition;
import lcm.validate.MeasuredPoint;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java 2D FFT with its fragment models fitted on the task parallel program's 16-processor
 * runs (measured16/java_tp.pp), the way lcm validate --data fits them: explore ranks the data
 * parallel variant (tasks-to-loop) against the program as it is at p = 8 and 16 for each n, and
 * the ranking is set against the measured medians of java_dp.pp and java_tp.pp at those points
 * (docs/explore.md, "The Java 2D FFT"). Where the medians differ by less than 5 % either order
 * counts as right. The variant's prediction is lcm validate's of Fft2dDp.java from the same fits;
 * the ranking is right at 6 of the 8 points (4 before li's models vanished at width 1 and grew no
 * faster than the data, docs/fitting.md): at n = 256, p = 8 and n = 1024, p = 16 the runs have the
 * task parallel program faster, lcm the data parallel one (the fits' floor, docs/validation.md,
 * "16 processors with the execution models").
 */
class JavaFft2dExploreTest {

    static final SourceRegistry SOURCES = new SourceRegistry();
    static final List<Map<String, Double>> POINTS = new ArrayList<>();
    static Exploration explored;
    static Program fitted;

    @BeforeAll
    static void explore() {
        for (double p : new double[] {8, 16}) {
            for (double n = 256; n <= 2048; n *= 2) {
                POINTS.add(Map.of("n", n, "p", p, "itors", 16.0));
            }
        }
        ComposeOptions options = ComposeOptions.defaults().withoutSimplification();
        List<Path> files = List.of(TestRepo.file("fixtures/fft2d/Fft2dTp.java"));
        fitted = fitter().program(files, FittedComposition.runs(TestRepo.file("fixtures/fft2d/measured16/java_tp.pp"), SOURCES));
        explored = new Explorer(options, Explorer.Limits.defaults()).explore("Fft2dTp.java", fitted, POINTS);
    }

    static FittedComposition fitter() {
        return new FittedComposition(SOURCES, ComposeOptions.defaults().withoutSimplification(), FortranOptions.DEFAULT,
                CandidateTable.defaults());
    }

    static Ranked dataParallel() {
        return explored.ranked().stream().filter(r -> r.variant().edits().size() == 1
                && r.variant().edits().get(0).name().equals(TasksToLoop.NAME)).findFirst().orElseThrow();
    }

    /** The variant made from Fft2dTp.java is Fft2dDp.java as validate --versus composes it from the same fits. */
    @Test
    void theDataParallelVariantIsValidatesFft2dDp() {
        var dpModel = fitter().compose(List.of(TestRepo.file("fixtures/fft2d/Fft2dDp.java")),
                FittedComposition.runs(TestRepo.file("fixtures/fft2d/measured16/java_tp.pp"), SOURCES)).model();
        for (int i = 0; i < POINTS.size(); i++) {
            double expected = dpModel.evaluate(POINTS.get(i)).time();
            assertEquals(expected, dataParallel().prediction().time(i), 1e-12 * expected, "at " + POINTS.get(i));
        }
    }

    /**
     * Beyond the runs (p = 64: the fits saw p up to 16) every variant rests on extrapolated
     * models, and says so.
     */
    @Test
    void variantsBeyondTheFittedRangesAreFlagged() {
        Exploration beyond = new Explorer(ComposeOptions.defaults().withoutSimplification(), Explorer.Limits.defaults())
                .explore("Fft2dTp.java", fitted, List.of(Map.of("n", 1024.0, "p", 64.0, "itors", 16.0)));
        assertTrue(beyond.ranked().stream().allMatch(r -> !r.prediction().extrapolated().isEmpty()));
        assertTrue(beyond.ranked().get(0).prediction().extrapolated().get(0).contains(": extrapolated: p = 64 is "),
                beyond.ranked().get(0).prediction().extrapolated().toString());
        assertTrue(explored.ranked().stream().allMatch(r -> r.prediction().extrapolated().isEmpty()),
                "p = 8 and 16 are inside the fitted ranges");
        String text = ExploreText.render(beyond, 1, Map.of());
        assertTrue(text.contains("\n0!  "), text);
        assertTrue(text.contains("!: the prediction extrapolates a fragment model beyond its fitted-on: ranges"), text);
    }

    static double median(String file, Map<String, Double> at) {
        for (MeasuredPoint m : MeasuredPoint.group(MeasuredRuns.read(TestRepo.file(file), SOURCES))) {
            if (m.point().get("n").equals(at.get("n")) && m.point().get("p").equals(at.get("p"))) {
                return m.time();
            }
        }
        throw new AssertionError("no runs at " + at + " in " + file);
    }

    @Test
    void theRankingAgreesWithTheMeasuredMedians() {
        Ranked dp = dataParallel();
        Ranked tp = explored.variant(0).orElseThrow();
        StringBuilder table = new StringBuilder();
        int right = 0;
        for (int i = 0; i < POINTS.size(); i++) {
            Map<String, Double> at = POINTS.get(i);
            double mDp = median("fixtures/fft2d/measured16/java_dp.pp", at);
            double mTp = median("fixtures/fft2d/measured16/java_tp.pp", at);
            double pDp = dp.prediction().time(i);
            double pTp = tp.prediction().time(i);
            boolean equalMeasured = Math.abs(mDp - mTp) / Math.min(mDp, mTp) < 0.05;
            boolean agree = equalMeasured || (pDp < pTp) == (mDp < mTp);
            right += agree ? 1 : 0;
            table.append(String.format(Locale.ROOT, "n=%4.0f p=%2.0f  predicted dp %.4f tp %.4f (%s first)  measured "
                    + "dp %.4f tp %.4f (%s)  %s%n", at.get("n"), at.get("p"), pDp, pTp, pDp < pTp ? "dp" : "tp", mDp, mTp,
                    equalMeasured ? "within 5 %" : (mDp < mTp ? "dp first" : "tp first"), agree ? "right" : "WRONG"));
        }
        System.out.print(table);
        assertEquals(6, right, table.toString());
        assertEquals(List.of("dp", "dp", "dp", "dp", "tp", "tp", "dp", "dp"), table.toString().lines()
                .map(l -> l.substring(l.indexOf('(') + 1, l.indexOf('(') + 3)).toList());
    }
}

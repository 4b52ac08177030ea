package lcm.annotate;

import lcm.TestRepo;
import lcm.expr.Evaluator;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.pipeline.Pipeline;
import lcm.expr.Expr;
import lcm.fit.CandidateTable;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The round trip the thesis describes: measurements of tp.f's fragments (fixtures/fft2d/tp.pp,
 * synthetic: tp.f's models with 2 % noise), models fitted and written by annotate into a copy
 * of tp.f stripped of its model lines, then composed: the program's predicted time must be
 * within 5 % of what tp.f's own (generating) models compose to, over n = 64 .. 1024 and
 * p = 2 .. 26 (each loop running on p/2), itors = 16.
 */
class AnnotatedTpAccuracyTest {

    @TempDir
    static Path dir;

    static Path stripped;
    static Path annotated;

    private static Path copy(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @BeforeAll
    static void annotate() throws IOException {
        Path tp = TestRepo.file("fixtures/fft2d/tp.f");
        Files.copy(TestRepo.file("fixtures/fft2d/fft2d.h"), dir.resolve("fft2d.h"));
        String text = Files.readString(tp);
        stripped = copy("stripped.f", text.lines().filter(l -> !l.startsWith("c*lcm* model:"))
                .map(l -> l + "\n").collect(Collectors.joining()));
        annotated = copy("annotated.f", text);
        SourceRegistry sources = new SourceRegistry();
        MeasurementSet data = MeasurementFormats.read(TestRepo.file("fixtures/fft2d/tp.pp"), Optional.empty(), sources);
        Annotator annotator = new Annotator(sources, CandidateTable.defaults());
        Annotator.write(annotator.plan(List.of(stripped), data));
        Annotator.write(annotator.plan(List.of(annotated), data));
    }

    private static Expr time(Path file) {
        ComposedModel m = new Pipeline(new SourceRegistry()).compose(List.of(file),
                ComposeOptions.defaults().withoutSimplification(), new Diagnostics());
        return m.time();
    }

    @Test
    void theComposedPredictionIsWithinFivePercentOfTheGeneratingModels() {
        Expr truth = time(TestRepo.file("fixtures/fft2d/tp.f"));
        Expr fitted = time(stripped);
        double worst = 0;
        String where = "";
        for (double n : new double[] {64, 128, 256, 512, 1024}) {
            for (double p = 2; p <= 26; p++) {
                Map<String, Double> at = Map.of("n", n, "p", p, "itors", 16.0);
                double t = Evaluator.eval(truth, at);
                double f = Evaluator.eval(fitted, at);
                double error = Math.abs(f - t) / t;
                if (error > worst) {
                    worst = error;
                    where = "n=" + n + ", p=" + p + ": " + f + " s against " + t + " s";
                }
            }
        }
        System.out.printf("annotated tp.f: worst relative error of T_P over the grid %.2f %% (%s)%n", 100 * worst, where);
        assertTrue(worst < 0.05, "worst " + worst + " at " + where);
    }

    @Test
    void replacingTheModelsGivesTheSameFileAsWritingThemIntoAStrippedCopy() throws IOException {
        assertArrayEquals(Files.readAllBytes(stripped), Files.readAllBytes(annotated));
    }
}

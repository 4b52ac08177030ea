package lcm.annotate;

import lcm.TestRepo;
import lcm.expr.Evaluator;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.expr.Expr;
import lcm.fit.CandidateTable;
import lcm.frontend.ProgramReader;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
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
 * The round trip the thesis describes: measurements of tp.f's fragments (fixtures/fft2d/tp_synthetic.pp,
 * synthetic: tp.f's models with 2 % noise), models fitted and written by annotate into a copy
 * of tp.f stripped of its model lines, then composed: the program's predicted time must be
 * within 5 % of what the generating models (tp_synthetic.pp's header) compose to, over n = 64 .. 1024 and
 * p = 2 .. 26 (each loop running on p/2), itors = 16.
 */
class AnnotatedTpAccuracyTest {

    @TempDir
    static Path dir;

    static Path stripped;
    static Path annotated;
    static Path generating;

    /**
     * tp.f with the models that generated tp_synthetic.pp (its header lists them, one fragment per line):
     * a routine's model before its subroutine line, a loop's before its tile directive.
     */
    private static String withGeneratingModels(List<String> lines, List<String> pp) {
        Map<String, List<String>> models = new java.util.HashMap<>();
        for (String l : pp) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^#   (\\w+): (.*)$").matcher(l);
            if (m.matches()) {
                List<String> out = new java.util.ArrayList<>();
                for (String a : m.group(2).split(", (?=[a-z]+ = )")) {
                    out.add("c*lcm* model: " + a);
                }
                models.put(m.group(1), out);
            }
        }
        StringBuilder b = new StringBuilder();
        String routine = "";
        for (String l : lines) {
            java.util.regex.Matcher s = java.util.regex.Pattern.compile("^      subroutine (\\w+).*").matcher(l);
            if (s.matches()) {
                routine = s.group(1);
                if (routine.endsWith("_program") || routine.equals("print_performance")) {
                    models.getOrDefault(routine, List.of()).forEach(x -> b.append(x).append('\n'));
                }
            }
            if (l.startsWith("c*ksr* tile")) {
                models.getOrDefault(routine, List.of()).forEach(x -> b.append(x).append('\n'));
            }
            b.append(l).append('\n');
        }
        return b.toString();
    }

    private static Path copy(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @BeforeAll
    static void annotate() throws IOException {
        Path tp = TestRepo.file("fixtures/fft2d/tp.f");
        Files.copy(TestRepo.file("fixtures/fft2d/fft2d.h"), dir.resolve("fft2d.h"));
        Files.copy(TestRepo.file("fixtures/fft2d/dp.f"), dir.resolve("dp.f")); // tp.f's measured-in
        String text = Files.readString(tp);
        generating = copy("generating.f", withGeneratingModels(text.lines().filter(l -> !l.startsWith("c*lcm* model:"))
                .toList(), Files.readAllLines(TestRepo.file("fixtures/fft2d/tp_synthetic.pp"))));
        stripped = copy("stripped.f", text.lines().filter(l -> !l.startsWith("c*lcm* model:"))
                .map(l -> l + "\n").collect(Collectors.joining()));
        annotated = copy("annotated.f", text);
        SourceRegistry sources = new SourceRegistry();
        MeasurementSet data = MeasurementFormats.read(TestRepo.file("fixtures/fft2d/tp_synthetic.pp"), Optional.empty(), sources);
        Annotator annotator = new Annotator(sources, CandidateTable.defaults());
        Annotator.write(annotator.plan(List.of(stripped), data));
        // tp.f's own lines generated the data and predict them better than the fits do; --force
        // replaces them anyway (without it annotate keeps better lines: docs/annotate.md)
        Annotator.write(annotator.force(true).plan(List.of(annotated), data));
    }

    private static Expr time(Path file) {
        ComposedModel m = new Composer(ComposeOptions.defaults().withoutSimplification()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(file)).orThrow());
        return m.time();
    }

    @Test
    void theComposedPredictionIsWithinFivePercentOfTheGeneratingModels() {
        Expr truth = time(generating);
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

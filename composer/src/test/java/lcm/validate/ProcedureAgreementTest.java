package lcm.validate;

import lcm.annotate.AnnotationPlan;
import lcm.annotate.Annotator;
import lcm.compose.ComposeOptions;
import lcm.fit.CandidateTable;
import lcm.fortran.FortranOptions;
import lcm.measure.Extraction;
import lcm.measure.MeasurementFormats;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One answer per procedure: B predicted from A's runs with the models fitted in memory
 * ({@code lcm validate B --data A.pp}) and with the models written into B's sources first
 * ({@code lcm annotate B --data A.pp}, then {@code lcm validate B --measured B.pp}, the thesis'
 * procedure) give the same prediction at every point. Each path is the other's test. Both
 * compose B from the same text, the model lines as annotate prints them (its rounded
 * coefficients), so the tolerance is that of evaluating one expression twice: 1e-12 relative.
 * B's own model lines (pc = 1, which mark the fragments) are far from A's runs, so both paths
 * replace them, as they replace whatever the procedure removes first (docs/validation.md): lines
 * that annotate keeps (a category the runs do not measure; a line that predicts A's runs better,
 * without --force) would be in the second path only.
 */
class ProcedureAgreementTest {

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

                //@lcm model: pc = 1
                static void tail() {
                    IntStream.range(0, n).parallel().forEach(i -> { });
                }

                public static void main(String[] args) {
                    work();
                    tail();
                }
            }
            """;

    private static final String B = """
            //@lcm measured-in: WorkA.java
            import java.util.stream.IntStream;

            public class WorkB {
                static int n = 1000;

                //@lcm model: pc = 1
                static void work() {
                    IntStream.range(0, n).parallel().forEach(i -> { });
                }

                //@lcm model: pc = 1
                static void tail() {
                    IntStream.range(0, n).parallel().forEach(i -> { });
                }

                public static void main(String[] args) {
                    work();
                    work();
                    tail();
                }
            }
            """;

    /** A run at (n, p) with work and tail's categories from smooth laws and a fixed wobble, so that the fits round. */
    private static String run(int n, int p, int k) {
        double wobble = 1 + 0.03 * ((k * 7 + n / 1000 * 3 + p) % 5 - 2);
        double pc = n * 1.234e-3 * wobble;
        double li = 0.0123 * p * Math.log(p + 1) * wobble;
        double tailPc = 0.31 + n * n * 2.7e-9 * wobble;
        double time = (pc + li + tailPc) / p;
        return String.format(Locale.ROOT, "# run: p = %d processors; time %.6f s (first fragment's start to last "
                + "fragment's end); command 2 s; n = %d%ntag=work n=%d p=%d pc=%.6g li=%.6g ip=0 sl=0%n"
                + "tag=tail n=%d p=%d pc=%.6g li=0 ip=0 sl=0%n", p, time, n, n, p, pc, li, n, p, tailPc);
    }

    @Test
    void annotatingThenValidatingPredictsWhatValidatingWithTheDataDoes() throws IOException {
        StringBuilder aRuns = new StringBuilder();
        StringBuilder bRuns = new StringBuilder();
        int k = 0;
        for (int n : new int[] {1000, 2000, 4000, 8000}) {
            for (int p : new int[] {1, 2, 4, 8}) {
                for (int r = 0; r < 2; r++) {
                    aRuns.append(run(n, p, k++));
                }
                bRuns.append(run(n, p, k++));
            }
        }
        Path a = Files.writeString(dir.resolve("a.pp"), aRuns);
        Path b = Files.writeString(dir.resolve("b.pp"), bRuns);
        Files.writeString(dir.resolve("WorkA.java"), A);
        Path inMemory = Files.createDirectories(dir.resolve("memory"));
        Path annotated = Files.createDirectories(dir.resolve("annotated"));
        for (Path d : List.of(inMemory, annotated)) {
            Files.writeString(d.resolve("WorkA.java"), A);
            Files.writeString(d.resolve("WorkB.java"), B);
        }
        // lcm validate B --measured b.pp --data a.pp
        ValidationResult memory = new Validation(new SourceRegistry()).run(new ValidationRequest(
                List.of(inMemory.resolve("WorkB.java")), b, Extraction.all(), Optional.of(a), Extraction.all(), List.of(),
                Map.of(), ComposeOptions.defaults(), FortranOptions.DEFAULT, 0, ValidationRequest.SEED));
        // lcm annotate B --data a.pp (as AnnotateCommand does it), then lcm validate B --measured b.pp
        SourceRegistry sources = new SourceRegistry();
        List<Path> files = List.of(annotated.resolve("WorkB.java"));
        AnnotationPlan plan = new Annotator(sources, CandidateTable.defaults(), FortranOptions.DEFAULT)
                .plan(files, MeasurementFormats.read(a, Optional.empty(), sources));
        Annotator.write(plan, false);
        ValidationResult written = new Validation(new SourceRegistry()).run(new ValidationRequest(files, b,
                Extraction.all(), Optional.empty(), Extraction.all(), List.of(), Map.of(), ComposeOptions.defaults(),
                FortranOptions.DEFAULT, 0, ValidationRequest.SEED));
        // the same lines written
        assertEquals(Files.readString(annotated.resolve("WorkB.java")).replace("annotated", "memory"),
                new String(memory.plans().get(0).files().get(0).after(), java.nio.charset.StandardCharsets.UTF_8)
                        .replace("annotated", "memory"));
        assertEquals(16, memory.points().size());
        assertEquals(16, written.points().size());
        for (int i = 0; i < 16; i++) {
            ValidationRow m = memory.points().get(i);
            ValidationRow w = written.points().get(i);
            assertEquals(m.point(), w.point());
            assertEquals(m.predicted().value(), w.predicted().value(), 1e-12 * m.predicted().value(), m.point().toString());
        }
        assertEquals(memory.medianAbsError(), written.medianAbsError(), 1e-12);
    }
}

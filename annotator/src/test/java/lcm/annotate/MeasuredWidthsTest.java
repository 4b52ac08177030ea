package lcm.annotate;

import lcm.fit.CandidateTable;
import lcm.measure.MeasurementFormats;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Old pp lines (no width=, p= the share of the machine) get their fragment's width from the
 * program that was measured: annotating the one-loop program Dp.java from runs of the two-task
 * program Tp.java (Dp.java says measured-in: Tp.java), work had p/2 in those runs, not p; the
 * serial setup had 1, and its idle partners' ip is not fitted (composition's IP+).
 */
class MeasuredWidthsTest {

    @TempDir
    Path dir;

    private static final String TP = """
            import java.util.stream.IntStream;
            import java.util.concurrent.CompletableFuture;

            public class Tp {
                static int n = 1000;

                //@lcm model: pc = 0.01
                static void setup() {
                    System.out.println(n);
                }

                //@lcm model: pc = n/1000
                static void work() {
                    IntStream.range(0, n).parallel().forEach(i -> { });
                }

                public static void main(String[] args) {
                    setup();
                    CompletableFuture<Void> a = CompletableFuture.runAsync(() -> work());
                    CompletableFuture<Void> b = CompletableFuture.runAsync(() -> work());
                    CompletableFuture.allOf(a, b).join();
                }
            }
            """;

    private static final String DP = """
            //@lcm measured-in: Tp.java
            import java.util.stream.IntStream;

            public class Dp {
                static int n = 1000;

                static void setup() {
                    System.out.println(n);
                }

                static void work() {
                    IntStream.range(0, n).parallel().forEach(i -> { });
                }

                public static void main(String[] args) {
                    setup();
                    work();
                    work();
                }
            }
            """;

    /** A run of the old probe: p= the shares work had (7 and 9 of p), setup's ip its p - 1 idle partners. */
    private static String run(int p, double work) {
        return "# run: p = " + p + " processors; time 0.5 s (first fragment's start to last fragment's end); command 1 s;"
                + " n = 1000\n"
                + "tag=setup n=1000 p=" + p + " pc=0.01 li=0 ip=" + 0.01 * (p - 1) + " sl=0\n"
                + "tag=work n=1000 p=" + (p / 2 - 1) + " pc=" + work + " li=" + 0.01 * p + " ip=0 sl=0\n"
                + "tag=work n=1000 p=" + (p / 2 + 1) + " pc=" + work + " li=" + 0.01 * p + " ip=0 sl=0\n";
    }

    @Test
    void inAPoolTheLinesKeepTheShareTheyMeasured() throws Exception {
        // the tasks run in the common pool: their loops' widths are the schedule's, not the rule's, so an
        // old run's observation keeps the reader's p, the run's processors: 4 to 16
        Files.writeString(dir.resolve("Tp.java"), TP);
        Path dp = dir.resolve("Dp.java");
        Files.writeString(dp, DP);
        Path pp = dir.resolve("tp.pp");
        Files.writeString(pp, run(16, 1.0) + run(16, 1.1) + run(8, 1.0) + run(8, 1.05) + run(4, 1.0) + run(4, 0.95));
        SourceRegistry sources = new SourceRegistry();
        AnnotationPlan plan = new Annotator(sources, CandidateTable.defaults())
                .plan(List.of(dp), MeasurementFormats.read(pp, Optional.empty(), sources));
        String text = new String(plan.files().get(0).after(), StandardCharsets.UTF_8);
        assertTrue(text.contains("//@lcm fitted-on: n = 1000, p = 4:16, runs = 6"), text);
        assertTrue(text.contains("//@lcm fitted-on: n = 1000, p = 1, runs = 6"), text);
    }

    @Test
    void widthsComeFromTheProgramMeasured() throws Exception {
        // the same tasks as a static team ('pool: team'): each had p/2
        Files.writeString(dir.resolve("Tp.java"), TP.replace("        CompletableFuture<Void> a =",
                "        //@lcm pool: team\n        CompletableFuture<Void> a ="));
        Path dp = dir.resolve("Dp.java");
        Files.writeString(dp, DP);
        Path pp = dir.resolve("tp.pp");
        Files.writeString(pp, run(16, 1.0) + run(16, 1.1) + run(8, 1.0) + run(8, 1.05) + run(4, 1.0) + run(4, 0.95));
        SourceRegistry sources = new SourceRegistry();
        AnnotationPlan plan = new Annotator(sources, CandidateTable.defaults())
                .plan(List.of(dp), MeasurementFormats.read(pp, Optional.empty(), sources));
        String text = new String(plan.files().get(0).after(), StandardCharsets.UTF_8);
        // work ran at p/2 in Tp.java: widths 2, 4 and 8 at p = 4, 8 and 16
        assertTrue(text.contains("//@lcm fitted-on: n = 1000, p = 2:8, runs = 6"), text);
        // setup ran on one processor: p = 1 in every run, and no ip model (its old ip was its idle partners')
        assertTrue(text.contains("//@lcm fitted-on: n = 1000, p = 1, runs = 6"), text);
        String setup = text.substring(0, text.indexOf("static void setup()"));
        assertFalse(setup.contains("model: ip"), setup);
    }
}

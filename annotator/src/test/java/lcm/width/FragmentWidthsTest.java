package lcm.width;

import lcm.dag.Dag;
import lcm.frontend.ProgramReader;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The widths composition gives fragments (resource widths.f): a data-parallel loop runs on p,
 * each of two tasks on p/2, serial code on 1, a num_threads(4) team on 4 (on 2 when only 2
 * processors are there: time-sliced), a {@code vars: p = p/2} call on p/2.
 */
class FragmentWidthsTest {

    @TempDir
    Path dir;

    private Dag dag(String resource) throws IOException {
        Path f = dir.resolve(resource);
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            Files.write(f, in.readAllBytes());
        }
        return new ProgramReader(new SourceRegistry()).parse(List.of(f)).orThrow().dag();
    }

    @Test
    void widthsAsExpressions() throws IOException {
        Map<String, List<String>> texts = new java.util.LinkedHashMap<>();
        FragmentWidths.expressions(dag("widths.f")).forEach((tag, ws) -> texts.put(tag,
                ws.stream().map(lcm.expr.Expr::text).toList()));
        // the team of 4 runs on min(4, p): time-sliced below 4 processors
        assertEquals(Map.of("main:3", List.of("p"), "left", List.of("0.5*p"), "right", List.of("0.5*p"),
                "setup", List.of("1"), "main:15", List.of("min(4, p)"), "half", List.of("0.5*p")), texts);
        assertEquals(List.of("main:3", "left", "right", "setup", "main:15", "half"), List.copyOf(texts.keySet()));
    }

    @Test
    void widthsAtEightAndTwoProcessors() throws IOException {
        Dag dag = dag("widths.f");
        Map<String, List<Double>> p8 = FragmentWidths.at(dag, Map.of("p", 8.0, "n", 100.0));
        assertEquals(List.of(8.0), p8.get("main:3"));
        assertEquals(List.of(4.0), p8.get("left"));
        assertEquals(List.of(4.0), p8.get("right"));
        assertEquals(List.of(1.0), p8.get("setup"));
        assertEquals(List.of(4.0), p8.get("main:15"));
        assertEquals(List.of(4.0), p8.get("half"));
        Map<String, List<Double>> p2 = FragmentWidths.at(dag, Map.of("p", 2.0));
        assertEquals(List.of(2.0), p2.get("main:3"));
        assertEquals(List.of(1.0), p2.get("left"));
        assertEquals(List.of(1.0), p2.get("setup"));
        // a team of 4 threads on 2 processors runs on both, time-sliced
        assertEquals(List.of(2.0), p2.get("main:15"));
        // p/2 may be fractional: three processors, two tasks
        assertEquals(List.of(1.5), FragmentWidths.at(dag, Map.of("p", 3.0)).get("left"));
    }

    @Test
    void aSerialProgramRunsOnOneProcessor() throws IOException {
        Path f = dir.resolve("one.f");
        Files.writeString(f, "      program main\nc*lcm* model: pc = 5\n      call setup\n      end\n"
                + "      subroutine setup\n      x = 1\n      end\n");
        Dag dag = new ProgramReader(new SourceRegistry()).parse(List.of(f)).orThrow().dag();
        assertEquals(Map.of("setup", List.of(1.0)), FragmentWidths.at(dag, Map.of("p", 4.0)));
    }

    @Test
    void aFragmentBlockAroundATeamHasTheTeamsWidth() throws IOException {
        // what lcm measure writes as width= and what the fitted p means: 2 (the team), not the run's 4
        Path f = dir.resolve("block.f");
        Files.writeString(f, "      program main\nc*lcm* model: pc = 1\nc*lcm* fragment f\n"
                + "!$omp parallel do num_threads(2)\n      do i = 1, n\n      x = x + 1\n      end do\n"
                + "c*lcm* end fragment f\n      end\n");
        Dag dag = new ProgramReader(new SourceRegistry()).parse(List.of(f)).orThrow().dag();
        assertEquals(Map.of("f", List.of(2.0)), FragmentWidths.at(dag, Map.of("p", 4.0)));
        assertEquals(Map.of("f", List.of(1.0)), FragmentWidths.at(dag, Map.of("p", 1.0)));
    }

    @Test
    void aWarmUpLoopOfZeroTripsGivesNoWidth() throws IOException {
        // the Jacobi idiom: a warm-up of the kernels in main (iterations: 0, so that the model has
        // none), then the same kernels in two tasks: the run's widths are the tasks' p/2
        Path f = dir.resolve("Warm.java");
        Files.writeString(f, """
                import java.util.concurrent.CompletableFuture;
                import java.util.stream.IntStream;
                public class Warm {
                    static double[] a = new double[100];
                    public static void main(String[] args) {
                        //@lcm iterations: 0
                        for (int w = 0; w < 5; w++) {
                            sweep();
                        }
                        //@lcm pool: team
                        CompletableFuture<Void> x = CompletableFuture.runAsync(() -> sweep());
                        CompletableFuture<Void> y = CompletableFuture.runAsync(() -> sweep());
                        CompletableFuture.allOf(x, y).join();
                    }
                    static void sweep() {
                        IntStream.range(0, 100).parallel().forEach(i -> a[i] += 1);
                    }
                }
                """);
        Dag dag = new ProgramReader(new SourceRegistry()).parse(List.of(f)).orThrow().dag();
        assertEquals(List.of("p", "0.5*p"), FragmentWidths.expressions(dag).get("sweep").stream()
                .map(lcm.expr.Expr::text).toList());
        assertEquals(List.of(1.0), FragmentWidths.at(dag, Map.of("p", 2.0)).get("sweep"));
        // in the common pool (no annotation) the tasks' loops have the schedule's width, none by the rule
        Files.writeString(f, Files.readString(f).replace("//@lcm pool: team\n", ""));
        Dag pool = new ProgramReader(new SourceRegistry()).parse(List.of(f)).orThrow().dag();
        assertEquals(List.of("p"), FragmentWidths.expressions(pool).get("sweep").stream()
                .map(lcm.expr.Expr::text).toList());
        assertEquals(null, FragmentWidths.at(pool, Map.of("p", 2.0)).get("sweep"));
    }

    @Test
    void aWidthWithoutItsVariableIsAnError() throws IOException {
        Path f = dir.resolve("team.f");
        Files.writeString(f, "      program main\nc*lcm* model: pc = 1\nc*lcm* vars: p = k\n"
                + "!$omp parallel do\n      do i = 1, n\n      x = x + 1\n      end do\n      end\n");
        Dag dag = new ProgramReader(new SourceRegistry()).parse(List.of(f)).orThrow().dag();
        UserError e = assertThrows(UserError.class, () -> FragmentWidths.at(dag, Map.of("p", 4.0)));
        assertTrue(e.getMessage().contains("the width of fragment main is min(k, p), which needs a value of k"), e.getMessage());
        assertEquals(List.of(3.0), FragmentWidths.at(dag, Map.of("p", 4.0, "k", 3.0)).get("main"));
    }
}

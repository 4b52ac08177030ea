package lcm.compose;

import lcm.annotation.Category;
import lcm.dag.DagText;
import lcm.dag.Program;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Java tasks in the common pool compose by the pool's schedule (docs/composition.md, "Execution
 * models"), checked by hand: two {@code runAsync} tasks, each one parallel stream of 6
 * processor-seconds. At p = 4 the pool has 3 workers, 2 hold the tasks and the third steals for
 * both: 1.5 threads each, T = 6/1.5 = 4 s (a static team of p/2 would say 3 s). At p = 2 each task
 * has a thread of its own and shares the one worker: 3 threads on 2 processors, T = 6 s. At
 * p = 16: 15 workers, 13 free, 7.5 threads each: T = 0.8 s.
 */
class PoolComposeTest {

    @TempDir
    Path dir;

    private Program read(String main, String executor) throws Exception {
        Path f = dir.resolve("P.java");
        Files.writeString(f, """
                import java.util.concurrent.CompletableFuture;
                import java.util.concurrent.ExecutorService;
                import java.util.concurrent.Executors;
                import java.util.stream.IntStream;

                public class P {
                    static final int n = 1000;
                    static final double[][] a = new double[8][n];
                """ + executor + """

                    //@lcm model: pc = 6
                    static void left() {
                        IntStream.range(0, n).parallel().forEach(i -> { });
                    }

                    //@lcm model: pc = 6
                    static void right() {
                        IntStream.range(0, n).parallel().forEach(i -> { });
                    }

                    public static void main(String[] args) {
                """ + main + """
                    }
                }
                """);
        return new ProgramReader(new SourceRegistry()).read(List.of(f)).orThrow();
    }

    private static double time(ComposedModel m, double p) {
        return m.evaluate(Map.of("p", p)).time();
    }

    private static final String TWO_TASKS = """
                    CompletableFuture<Void> x = CompletableFuture.runAsync(() -> left());
                    CompletableFuture<Void> y = CompletableFuture.runAsync(() -> right());
                    CompletableFuture.allOf(x, y).join();
            """;

    @Test
    void twoTasksInTheCommonPoolWorkedByHand() throws Exception {
        Program program = read(TWO_TASKS, "");
        ComposedModel m = new Composer(ComposeOptions.defaults()).compose(program);
        assertEquals(6.0, time(m, 2), 1e-9);
        assertEquals(4.0, time(m, 4), 1e-9);
        assertEquals(0.8, time(m, 16), 1e-9);
        ComposedModel.PointValues at4 = m.evaluate(Map.of("p", 4.0));
        assertEquals(12.0, at4.categories().get(Category.PC), 1e-9);
        assertEquals(4.0, at4.categories().get(Category.LI), 1e-9); // main's processor, idle while the loops run
        assertTrue(DagText.render(program.dag()).contains("pool (Java common pool): CompletableFuture.runAsync without an "
                + "executor runs its tasks in ForkJoinPool.commonPool()"), DagText.render(program.dag()));
    }

    @Test
    void aFixedExecutorOfTwoThreadsIsAStaticTeamAsBefore() throws Exception {
        Program program = read("""
                    CompletableFuture<Void> x = CompletableFuture.runAsync(() -> left(), pool);
                    CompletableFuture<Void> y = CompletableFuture.runAsync(() -> right(), pool);
                    CompletableFuture.allOf(x, y).join();
                """, "    static final ExecutorService pool = Executors.newFixedThreadPool(2);\n");
        ComposedModel m = new Composer(ComposeOptions.defaults()).compose(program);
        // the team rule: the executor's 2 threads, one per task, at any p: 6 s each
        assertEquals(6.0, time(m, 4), 1e-9);
        assertEquals(6.0, time(m, 16), 1e-9);
        assertTrue(!DagText.render(program.dag()).contains("pool ("), DagText.render(program.dag()));
    }

    @Test
    void anAnnotationOverridesTheRuntime() throws Exception {
        Program team = read("        //@lcm pool: team\n" + TWO_TASKS, "");
        assertEquals(3.0, time(new Composer(ComposeOptions.defaults()).compose(team), 4), 1e-9); // p/2 each: 6/2
        assertTrue(lcm.dag.DagJson.render(team.dag()).contains("\"why\" : \"'pool: team' at "),
                lcm.dag.DagJson.render(team.dag()));
    }

    @Test
    void aPipelineFromTheDataAnnotations() throws Exception {
        // task 1 writes a(k), task 2 reads it: task 2's k-th unit waits for task 1's k-th (4 of each)
        Program program = read("""
                    CompletableFuture<Void> x = CompletableFuture.runAsync(() -> {
                        for (int k = 0; k < 4; k++) {
                            //@lcm output: a[k]
                            left();
                        }
                    });
                    CompletableFuture<Void> y = CompletableFuture.runAsync(() -> {
                        for (int k = 0; k < 4; k++) {
                            //@lcm input: a[k]
                            right();
                        }
                    });
                    CompletableFuture.allOf(x, y).join();
                """, "");
        ComposedModel m = new Composer(ComposeOptions.defaults()).compose(program);
        // p = 16, 15 workers: left(1) alone on 14 threads (task 2 blocked holds the 15th) 6/14 s; then
        // left(k+1) beside right(k) on 7.5 threads each, 0.8 s, three times; then right(4) alone on all 15
        assertEquals(6.0 / 14 + 3 * 0.8 + 6.0 / 15, time(m, 16), 1e-9);
        // and without the wait the two tasks overlap fully: 4 x 0.8
        Program free = read(TWO_TASKS.replace("left());", "{ for (int k = 0; k < 4; k++) { left(); } });")
                .replace("right());", "{ for (int k = 0; k < 4; k++) { right(); } });"), "");
        assertEquals(3.2, time(new Composer(ComposeOptions.defaults()).compose(free), 16), 1e-9);
    }

    @Test
    void tasksThatWaitForEachOtherAreALocatedError() throws Exception {
        Program program = read("""
                    CompletableFuture<Void> x = CompletableFuture.runAsync(() -> {
                        //@lcm input: a[1]
                        left();
                        //@lcm output: a[2]
                        left();
                    });
                    CompletableFuture<Void> y = CompletableFuture.runAsync(() -> {
                        //@lcm input: a[2]
                        right();
                        //@lcm output: a[1]
                        right();
                    });
                    CompletableFuture.allOf(x, y).join();
                """, "");
        ComposedModel m = new Composer(ComposeOptions.defaults()).compose(program);
        UserError e = assertThrows(UserError.class, () -> time(m, 4));
        assertTrue(e.getMessage().matches("(?s).*P\\.java:\\d+:\\d+: the tasks of parallel node main(:\\d+)? wait for each "
                + "other: left \\(task 1\\) waits for right \\(task 2\\); right \\(task 2\\) waits for left \\(task 1\\).*"),
                e.getMessage());
    }
}

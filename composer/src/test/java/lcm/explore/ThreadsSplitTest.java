package lcm.explore;

import lcm.dag.Program;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * threads-split by hand, on {@link TransformationsTest#TASKS}: two OpenMP sections, each a loop of
 * 10 calls, of f (a parallel loop, pc = 2n) and of g (pc = 3n). At n = 100, p = 4, each task on 2
 * processors: 10 * 200/2 = 1000 s and 10 * 300/2 = 1500 s, T_P = 1500 s. 3:1: 10 * 200/3 = 666.7 s
 * and 10 * 300/1 = 3000 s, T_P = 3000 s; 1:3: 10 * 200/1 = 2000 s and 10 * 300/3 = 1000 s, T_P =
 * 2000 s.
 */
class ThreadsSplitTest {

    @TempDir
    Path dir;

    Program program(String name, String text) {
        return SmallPrograms.read(dir, new SourceRegistry(), name, text);
    }

    private static double time(Program p) {
        return SmallPrograms.time(p, Map.of("n", 100.0, "p", 4.0));
    }

    @Test
    void twoTasksOfDifferentStructureGetThreeToOneAndOneToThree() {
        Program p = program("t.f90", TransformationsTest.TASKS.replace("!lcm$ OUTPUT", "!lcm$ output: b"));
        List<Proposal> out = new ThreadsSplit().propose(p, new ArrayList<>());
        assertEquals(2, out.size());
        assertEquals("the 2 tasks of t (t.f90:4) differ in structure, so their times can differ: the first on 3/4 of "
                + "its processors, the second on 1/4 (3:1, a static team each; at p = 4, 3 and 1 processors)",
                out.get(0).edit().reason());
        assertEquals(1500.0, time(p), 1e-9);
        assertEquals(3000.0, time(out.get(0).result()), 1e-9);
        assertEquals(2000.0, time(out.get(1).result()), 1e-9);
        assertTrue(!Signature.of(out.get(0).result()).equals(Signature.of(out.get(1).result())),
                "3:1 and 1:3 are two structures");
    }

    @Test
    void tasksOfOneStructureAreLeftAlone() {
        String same = TransformationsTest.TASKS.replace("!lcm$ OUTPUT", "!lcm$ output: b").replace("call g(b)", "call f(b)");
        assertEquals(List.of(), new ThreadsSplit().propose(program("t.f90", same), new ArrayList<>()));
    }

    /** Java's tasks run in the common pool: no task has a width of its own. */
    @Test
    void notForJava() {
        Program p = program("S.java", """
                import java.util.concurrent.CompletableFuture;
                class S {
                    public static void main(String[] args) {
                        CompletableFuture<Void> x = CompletableFuture.runAsync(() -> f());
                        CompletableFuture<Void> y = CompletableFuture.runAsync(() -> g());
                        CompletableFuture.allOf(x, y).join();
                    }
                    //@lcm model: pc = 2*n
                    static void f() { }
                    //@lcm model: pc = 3*n
                    static void g() { }
                }
                """);
        assertTrue(Shapes.nodes(p, lcm.dag.NodeKind.PARALLEL).size() == 1);
        assertEquals(List.of(), new ThreadsSplit().propose(p, new ArrayList<>()));
    }
}

package lcm.compose;

import lcm.antlr.Parsed;
import lcm.dag.Program;
import lcm.expr.Evaluator;
import lcm.frontend.ProgramReader;
import lcm.source.Diagnostic;
import lcm.source.Severity;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A fragment around a team construct runs on the construct's team (docs/composition.md,
 * "Execution width"): {@code num_threads(k)}, KSR {@code numthreads = k} and a Java pool of k
 * threads give the fragment p = k whether the fragment is the construct, a {@code fragment NAME}
 * block around it (fixed and free form), a modelled loop around it or a modelled routine holding
 * it. Each case is composed beside the construct modelled directly, worked out by hand.
 */
class FragmentTeamTest {

    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    private double time(String name, String source, double p) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, source);
        Parsed<Program> read = new ProgramReader(new SourceRegistry()).read(List.of(f));
        read.problems().stream().filter(d -> d.severity() == Severity.WARNING)
                .forEach(d -> warnings.add(d.location().map(Object::toString).orElse("") + ": " + d.message()));
        ComposedModel m = new Composer(ComposeOptions.defaults().withoutSimplification()).compose(read.orThrow());
        return Evaluator.eval(m.time(), Map.of("p", p));
    }

    private static final String LOOP = "      do i = 1, n\n      x = x + 1\n      end do\n";

    @Test
    void oneThreadInsideAFragmentBlockTakesAsLongAsOutside() throws IOException {
        // pc = 1 on a team of 1 at p = 2: T = 1 s, the other processor idles (IP = 1): (1 + 1)/2 = 1 s
        double outside = time("out.f", "      program main\nc*lcm* model: pc = 1\n!$omp parallel do num_threads(1)\n"
                + LOOP + "      end\n", 2);
        double fixed = time("in.f", "      program main\nc*lcm* model: pc = 1\nc*lcm* fragment f\n"
                + "!$omp parallel do num_threads(1)\n" + LOOP + "c*lcm* end fragment f\n      end\n", 2);
        double free = time("in.f90", "program main\n!lcm$ model: pc = 1\n!lcm$ fragment f\n!$omp parallel do num_threads(1)\n"
                + "do i = 1, n\n  x = x + 1\nend do\n!lcm$ end fragment f\nend program\n", 2);
        assertEquals(1.0, outside, 1e-12);
        assertEquals(1.0, fixed, 1e-12);
        assertEquals(1.0, free, 1e-12);
        assertEquals(List.of(), warnings);
    }

    /** pc = 4, li = p on a team of 2 at p = 4: 4 + 2 = 6 processor-seconds on 2 processors: T = 3 s (at p = 4: 8/4 = 2). */
    private static final String MODEL = "{ pc = 4, li = p }";

    @Test
    void twoThreadsAtFourProcessorsInsideAFragmentBlockFixedAndFreeForm() throws IOException {
        double outside = time("out.f", "      program main\nc*lcm* model: " + MODEL + "\n!$omp parallel do num_threads(2)\n"
                + LOOP + "      end\n", 4);
        double fixed = time("in.f", "      program main\nc*lcm* model: " + MODEL + "\nc*lcm* fragment f\n      y = 0\n"
                + "!$omp parallel do num_threads(2)\n" + LOOP + "c*lcm* end fragment f\n      end\n", 4);
        double free = time("in.f90", "program main\n!lcm$ model: " + MODEL + "\n!lcm$ fragment f\n"
                + "!$omp parallel do num_threads(2)\ndo i = 1, n\n  x = x + 1\nend do\n!$omp end parallel do\n"
                + "!lcm$ end fragment f\nend program\n", 4);
        assertEquals(3.0, outside, 1e-12);
        assertEquals(3.0, fixed, 1e-12);
        assertEquals(3.0, free, 1e-12);
        assertEquals(List.of(), warnings);
    }

    @Test
    void aKsrTeamRegionInsideAFragmentBlock() throws IOException {
        double t = time("ksr.f", "      program main\nc*lcm* model: " + MODEL + "\nc*lcm* fragment f\n"
                + "c*ksr* parallel region(numthreads = 2)\nc*ksr* tile(i)\n" + LOOP + "c*ksr* end tile\n"
                + "c*ksr* end parallel region\nc*lcm* end fragment f\n      end\n", 4);
        assertEquals(3.0, t, 1e-12);
    }

    @Test
    void aModelledLoopAndAModelledRoutineAroundATeam() throws IOException {
        double loop = time("loop.f", "      program main\nc*lcm* model: " + MODEL + "\n      do k = 1, 3\n"
                + "!$omp parallel do num_threads(2)\n" + LOOP + "      end do\n      end\n", 4);
        double routine = time("routine.f", "      program main\n      call work\n      end\nc*lcm* model: " + MODEL
                + "\n      subroutine work\n!$omp parallel do num_threads(2)\n" + LOOP + "      end\n", 4);
        double call = time("call.f", "      program main\nc*lcm* model: " + MODEL + "\n      call work\n      end\n"
                + "      subroutine work\n!$omp parallel do num_threads(2)\n" + LOOP + "      end\n", 4);
        assertEquals(3.0, loop, 1e-12);
        assertEquals(3.0, routine, 1e-12);
        assertEquals(3.0, call, 1e-12);
        assertEquals(List.of(), warnings);
    }

    @Test
    void aJavaPoolOfTwoThreadsInsideAFragmentBlock() throws IOException {
        double t = time("P.java", """
                import java.util.concurrent.CompletableFuture;
                import java.util.concurrent.ExecutorService;
                import java.util.concurrent.Executors;

                public class P {
                    static final ExecutorService pool = Executors.newFixedThreadPool(2);
                    static double x, y;

                    public static void main(String[] args) {
                        //@lcm model: { pc = 4, li = p }
                        //@lcm fragment f
                        CompletableFuture<Void> a = CompletableFuture.runAsync(() -> { x = 1; }, pool);
                        CompletableFuture<Void> b = CompletableFuture.runAsync(() -> { y = 1; }, pool);
                        CompletableFuture.allOf(a, b).join();
                        //@lcm end fragment f
                    }
                }
                """, 8);
        // the pool's 2 threads: 4 + 2 = 6 on 2 processors, T = 3 s (at p = 8 it would be 12/8 = 1.5 s)
        assertEquals(3.0, t, 1e-12);
    }

    @Test
    void teamsThatDifferInOneFragmentKeepTheNodesProcessorsWithAWarning() throws IOException {
        double t = time("mixed.f", "      program main\nc*lcm* model: " + MODEL + "\nc*lcm* fragment f\n"
                + "!$omp parallel do num_threads(1)\n" + LOOP + "!$omp parallel do\n" + LOOP
                + "c*lcm* end fragment f\n      end\n", 4);
        // the fragment at p = 4: (4 + 4)/4 = 2 s
        assertEquals(2.0, t, 1e-12);
        assertEquals(List.of(dir.resolve("mixed.f") + ":3:8: fragment 'f' holds parallel constructs that run on "
                + "different teams (!$omp parallel do at " + dir.resolve("mixed.f") + ":4:7 (a team of 1), "
                + "!$omp parallel do at " + dir.resolve("mixed.f") + ":8:7 (no team of its own)): a fragment has one "
                + "width, and lcm gives it its node's processors; put each team in a fragment of its own"), warnings);
    }
}

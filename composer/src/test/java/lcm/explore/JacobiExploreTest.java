package lcm.explore;

import lcm.TestRepo;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.frontend.ProgramReader;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jacobi's loops to tasks and back: from JacobiLoop.java with input:/output: lines that show
 * its two grids independent (added to a copy), explore proposes the two-task structure of
 * JacobiTasks.java, whose composed model is JacobiTasks.java's (a pool of the Java common pool);
 * without those lines it proposes no tasks and says what to annotate; from JacobiTasks.java it
 * proposes the loops.
 */
class JacobiExploreTest {

    static final SourceRegistry SOURCES = new SourceRegistry();
    static final ComposeOptions OPTIONS = ComposeOptions.defaults().withoutSimplification();

    static List<Map<String, Double>> points() {
        List<Map<String, Double>> out = new ArrayList<>();
        for (double n = 256; n <= 2048; n *= 2) {
            for (double p = 1; p <= 16; p *= 2) {
                out.add(Map.of("n", n, "p", p, "sweeps", 50.0));
            }
        }
        return out;
    }

    static Exploration explore(Path file) {
        Program program = new ProgramReader(SOURCES).read(List.of(file)).orThrow();
        return new Explorer(OPTIONS, Explorer.Limits.defaults()).explore(file.getFileName().toString(), program,
                points());
    }

    static ComposedModel compose(String fixture) {
        return new Composer(OPTIONS).compose(new ProgramReader(SOURCES).read(List.of(TestRepo.file(fixture))).orThrow());
    }

    static Ranked only(Exploration e, String edit) {
        List<Ranked> with = e.ranked().stream().filter(r -> r.variant().edits().size() == 1
                && r.variant().edits().get(0).name().equals(edit)).toList();
        assertEquals(1, with.size(), e.ranked().stream().map(r -> r.variant().label()).toList().toString());
        return with.get(0);
    }

    static void sameTimes(ComposedModel expected, Ranked variant) {
        List<Map<String, Double>> at = points();
        for (int i = 0; i < at.size(); i++) {
            double t = expected.evaluate(at.get(i)).time();
            assertEquals(t, variant.prediction().time(i), 1e-12 * t, "at " + at.get(i));
        }
    }

    /** Before each call of the run (not the warm-up): what it reads and writes. */
    static final Map<String, String> DATA = Map.of(
            "initialize(u0, v0, 0);", "//@lcm output: u0, v0",
            "sweep(u0, v0);", "//@lcm input: u0\n//@lcm output: v0",
            "sweep(v0, u0);", "//@lcm input: v0\n//@lcm output: u0",
            "initialize(u1, v1, 1);", "//@lcm output: u1, v1",
            "sweep(u1, v1);", "//@lcm input: u1\n//@lcm output: v1",
            "sweep(v1, u1);", "//@lcm input: v1\n//@lcm output: u1");

    @TempDir
    Path dir;

    /** JacobiLoop.java with the data lines that show its grids independent, written into a copy. */
    Path annotated() throws IOException {
        List<String> out = new ArrayList<>();
        boolean run = false;
        for (String line : Files.readAllLines(TestRepo.file("fixtures/jacobi/JacobiLoop.java"))) {
            run |= line.contains("initialize_program();");
            String call = line.strip();
            if (run && DATA.containsKey(call)) {
                String indent = line.substring(0, line.indexOf(call));
                DATA.get(call).lines().forEach(a -> out.add(indent + a));
            }
            out.add(line);
        }
        return Files.write(dir.resolve("JacobiLoop.java"), out);
    }

    @Test
    void annotatedLoopsBecomeJacobiTasks() throws IOException {
        Exploration e = explore(annotated());
        Ranked tasks = only(e, SequenceToTasks.NAME);
        assertEquals("steps 3-4 and 5-6 of main (JacobiLoop.java:27) share no data by their input:/output: lines "
                + "(u0, v0 | u1, v1 written): two tasks that run at once", tasks.variant().edits().get(0).reason());
        Program p = tasks.variant().program();
        assertEquals(1, p.dag().nodes().stream().filter(n -> n.kind() == NodeKind.PARALLEL)
                .filter(n -> p.dag().scheduling(n).commonPool()).count());
        sameTimes(compose("fixtures/jacobi/JacobiTasks.java"), tasks);
        assertTrue(new VariantSources(SOURCES).diff(tasks.variant()).isEmpty(), "Java: described, not written");
        // the tasks run in sequence again are the program as it is: not a variant of its own
        assertTrue(e.ranked().stream().noneMatch(r -> r.variant().edits().stream().map(Edit::name).toList()
                .equals(List.of(SequenceToTasks.NAME, TasksInSequence.NAME))), e.ranked().toString());
    }

    /** loop_omp.f90 with the same data lines, in Fortran's comment style, written into a copy. */
    Path annotatedOpenMp() throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(TestRepo.file("fixtures/jacobi/loop_omp.f90"))) {
            String call = line.strip().startsWith("call ") ? line.strip().substring(5) + ";" : "";
            if (DATA.containsKey(call)) {
                String indent = line.substring(0, line.indexOf("call "));
                DATA.get(call).lines().forEach(a -> out.add(indent + a.replace("//@lcm", "!lcm$")));
            }
            out.add(line);
        }
        return Files.write(dir.resolve("loop_omp.f90"), out);
    }

    /**
     * The OpenMP twin: the variant's diff wraps the two grids' steps in parallel sections (its
     * hunks by hand), the written file composes to the variant's model, and both are
     * tasks_omp.f90's (one thread per section at p = 2; the sections one after the other at p = 1).
     */
    @Test
    void annotatedOpenMpLoopsBecomeTasksOmpAndTheDiffWritesTheSections() throws IOException {
        Ranked tasks = only(explore(annotatedOpenMp()), SequenceToTasks.NAME);
        sameTimes(compose("fixtures/jacobi/tasks_omp.f90"), tasks);
        String diff = new VariantSources(SOURCES).diff(tasks.variant()).orElseThrow();
        assertEquals("""
                @@ -18,6 +18,8 @@
                   implicit none
                   integer :: s
                   call initialize_program
                +  !$omp parallel sections
                +  !$omp section
                   !lcm$ output: u0, v0
                   call initialize(u0, v0, 0)
                   do s = 1, sweeps
                @@ -28,6 +30,7 @@
                     !lcm$ output: u0
                     call sweep(v0, u0)
                   end do
                +  !$omp section
                   !lcm$ output: u1, v1
                   call initialize(u1, v1, 1)
                   do s = 1, sweeps
                @@ -38,6 +41,7 @@
                     !lcm$ output: u1
                     call sweep(v1, u1)
                   end do
                +  !$omp end parallel sections
                   call print_performance
                 end program main
                \s
                """, diff.substring(diff.indexOf("@@")));
        Path written = new VariantSources(SOURCES).write(tasks.variant(), Files.createDirectories(dir.resolve("out")))
                .get(0);
        sameTimes(new Composer(OPTIONS).compose(new ProgramReader(new SourceRegistry()).read(List.of(written)).orThrow()),
                tasks);
    }

    @Test
    void withoutDataAnnotationsNoTasksAndWhatToAnnotate() {
        Exploration e = explore(TestRepo.file("fixtures/jacobi/JacobiLoop.java"));
        assertTrue(e.ranked().stream().noneMatch(r -> r.variant().edits().stream()
                .anyMatch(x -> x.name().equals(SequenceToTasks.NAME))));
        assertEquals(List.of("sequence-to-tasks main (JacobiLoop.java:27): none of its 7 steps says what it reads and "
                + "writes: annotate input: and output: of the steps that could run as concurrent tasks (initialize, "
                + "initialize_program, sweep, print_performance)"),
                e.refusals().stream().filter(r -> r.name().equals(SequenceToTasks.NAME)).map(Refusal::text).toList());
    }

    @Test
    void tasksInSequenceAreJacobiLoop() {
        Exploration e = explore(TestRepo.file("fixtures/jacobi/JacobiTasks.java"));
        sameTimes(compose("fixtures/jacobi/JacobiLoop.java"), only(e, TasksInSequence.NAME));
    }
}

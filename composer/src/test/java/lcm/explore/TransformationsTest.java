package lcm.explore;

import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.Program;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Known answers for each transformation: a small program, the edit, the structure it gives. */
class TransformationsTest {

    /** Two OpenMP sections, each a loop over k calling a routine whose parallel loop is a fragment. */
    static final String TASKS = """
            program t
              integer k
              real a(100), b(100)
              !$omp parallel sections
              !$omp section
              do k = 1, 10
                !lcm$ output: a
                call f(a)
              end do
              !$omp section
              do k = 1, 10
                !lcm$ OUTPUT
                call g(b)
              end do
              !$omp end parallel sections
            end program
            subroutine f(x)
              real x(100)
              integer i
              !lcm$ model: pc = 2*n
              !$omp parallel do
              do i = 1, 100
                x(i) = 1.0
              end do
            end subroutine
            subroutine g(x)
              real x(100)
              integer i
              !lcm$ model: pc = 3*n
              !$omp parallel do
              do i = 1, 100
                x(i) = 2.0
              end do
            end subroutine
            """;

    @TempDir
    Path dir;

    Program program(String name, String text) {
        try {
            Path file = Files.writeString(dir.resolve(name), text);
            return new ProgramReader(new SourceRegistry()).read(List.of(file)).orThrow();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String tree(Program p) {
        return SmallPrograms.tree(dir, p);
    }

    static Proposal only(Transformation t, Program p) {
        List<Proposal> out = t.propose(p, new ArrayList<>());
        assertEquals(1, out.size(), out.toString());
        return out.get(0);
    }

    static final String SEQUENCE = """
            program s
              real a(100), b(100)
              !lcm$ output: a
              call f(a)
              !lcm$ OUTPUT
              call g(b)
            end program
            """ + TASKS.substring(TASKS.indexOf("subroutine f"));

    @Test
    void tasksToLoopRunsTheTasksBodiesInOneLoop() {
        Proposal x = only(new TasksToLoop(), program("t.f90", TASKS.replace("!lcm$ OUTPUT", "!lcm$ output: b")));
        assertEquals("tasks-to-loop t (t.f90:4)", x.edit().label());
        assertEquals("""
                loop t:6  x 10       t.f90:6
                  fragment f  x 100  t.f90:21   output: a; model: pc = 2*n
                    leaf f:21-24     t.f90:21-24
                  fragment g  x 100  t.f90:30   output: b; model: pc = 3*n
                    leaf g:30-33     t.f90:30-33
                """, tree(x.result()));
    }

    @Test
    void loopToTasksSplitsTheBodyWhereTheDataAllow() {
        Program loop = only(new TasksToLoop(), program("t.f90", TASKS.replace("!lcm$ OUTPUT", "!lcm$ output: b"))).result();
        Proposal x = only(new LoopToTasks(), loop);
        assertEquals("steps 1-1 and 2-2 of the body of t:6 (t.f90:6) share no data by their input:/output: lines: two "
                + "tasks, each looping over k with its part", x.edit().reason());
        assertEquals("""
                parallel t:6:tasks     t.f90:6
                  loop t:6#1  x 10     t.f90:6
                    fragment f  x 100  t.f90:21   output: a; model: pc = 2*n
                      leaf f:21-24     t.f90:21-24
                  loop t:6#2  x 10     t.f90:6
                    fragment g  x 100  t.f90:30   output: b; model: pc = 3*n
                      leaf g:30-33     t.f90:30-33
                """, tree(x.result()));
        // the same loop where both steps write a: not proposed, and the refusal says why
        Program shared = only(new TasksToLoop(), program("t.f90", TASKS.replace("!lcm$ OUTPUT", "!lcm$ output: a")))
                .result();
        List<Refusal> refused = new ArrayList<>();
        assertEquals(List.of(), new LoopToTasks().propose(shared, refused));
        assertEquals(List.of("loop-to-tasks t:6 (t.f90:6): every split of its body shares data between the parts: a "
                + "(after step 1); tasks that pass data on need sync: post/wait, or 'independent' where the annotations "
                + "are too coarse"), refused.stream().map(Refusal::text).toList());
        // and where a step says nothing of its data: what to annotate
        refused.clear();
        Program silent = only(new TasksToLoop(), program("t.f90", TASKS.replace("!lcm$ OUTPUT",
                "! (g says nothing of its data)"))).result();
        assertEquals(List.of(), new LoopToTasks().propose(silent, refused));
        assertEquals(List.of("loop-to-tasks t:6 (t.f90:6): annotate input: and output: of g (and each step of the "
                + "loop's body) to show which steps can run as concurrent tasks"),
                refused.stream().map(Refusal::text).toList());
    }

    @Test
    void tasksInSequenceRunOneAfterTheOther() {
        Proposal x = only(new TasksInSequence(), program("t.f90", TASKS.replace("!lcm$ OUTPUT", "!lcm$ output: b")));
        assertEquals("""
                serial t                 t.f90:4
                  serial t:5             t.f90:5
                    loop t:6  x 10       t.f90:6
                      fragment f  x 100  t.f90:21   output: a; model: pc = 2*n
                        leaf f:21-24     t.f90:21-24
                  serial t:10            t.f90:10
                    loop t:11  x 10      t.f90:11
                      fragment g  x 100  t.f90:30   output: b; model: pc = 3*n
                        leaf g:30-33     t.f90:30-33
                """, tree(x.result()));
    }

    @Test
    void sequenceToTasksRunsIndependentStepsAtOnce() {
        Proposal x = only(new SequenceToTasks(), program("s.f90", SEQUENCE.replace("!lcm$ OUTPUT", "!lcm$ output: b")));
        assertEquals("steps 1-1 and 2-2 of s (s.f90:1) share no data by their input:/output: lines (a | b written): "
                + "two tasks that run at once", x.edit().reason());
        assertEquals("""
                serial s               s.f90:1
                  parallel s:tasks@0   s.f90:4
                    fragment f  x 100  s.f90:12   output: a; model: pc = 2*n
                      leaf f:12-15     s.f90:12-15
                    fragment g  x 100  s.f90:21   output: b; model: pc = 3*n
                      leaf g:21-24     s.f90:21-24
                """, tree(x.result()));
        List<Refusal> refused = new ArrayList<>();
        assertEquals(List.of(), new SequenceToTasks().propose(program("s.f90", SEQUENCE.replace("!lcm$ OUTPUT",
                "!lcm$ input: a")), refused));
    }

    /** f runs on one processor: at n = 100, p = 4, T_P = 2n/4 + 3n/4 = 125 s becomes 2n + 3n/4 = 275 s. */
    @Test
    void serializeLoopRunsTheFragmentOnOneProcessor() {
        Program p = program("s.f90", SEQUENCE.replace("!lcm$ OUTPUT", "!lcm$ output: b"));
        List<Proposal> out = new SerializeLoop().propose(p, new ArrayList<>());
        assertEquals(List.of("serialize-loop f (s.f90:12)", "serialize-loop g (s.f90:21)"),
                out.stream().map(x -> x.edit().label()).toList());
        Node f = out.get(0).result().fragments().get(0);
        assertEquals(Execution.SERIAL, f.execution());
        Predictor predictor = new Predictor(lcm.compose.ComposeOptions.defaults(), List.of(java.util.Map.of("n", 100.0,
                "p", 4.0)));
        assertEquals(125.0, predictor.predict(new Variant(p, List.of(), "")).time(0), 1e-9);
        assertEquals(275.0, predictor.predict(new Variant(out.get(0).result(), List.of(), "")).time(0), 1e-9);
    }

    /**
     * Edits that commute are composed once: serializing f then g and g then f is one variant, and
     * tasks to a loop then back to tasks is the program as it is, not a variant.
     */
    @Test
    void commutingEditsGiveOneVariant() {
        Program p = program("t.f90", TASKS.replace("!lcm$ OUTPUT", "!lcm$ output: b"));
        Search.Result r = Search.run(p, 2, 1000, Long.MAX_VALUE, v -> 0);
        List<String> labels = r.variants().stream().map(Variant::label).toList();
        assertEquals(List.of("as it is", "tasks-to-loop t (t.f90:4)", "tasks-in-sequence t (t.f90:4)",
                "serialize-loop f (t.f90:21)", "serialize-loop g (t.f90:30)",
                "threads-split 3:1 t (t.f90:4)", "threads-split 1:3 t (t.f90:4)",
                "tasks-to-loop t (t.f90:4) + serialize-loop f (t.f90:21)",
                "tasks-to-loop t (t.f90:4) + serialize-loop g (t.f90:30)",
                "tasks-in-sequence t (t.f90:4) + serialize-loop f (t.f90:21)",
                "tasks-in-sequence t (t.f90:4) + serialize-loop g (t.f90:30)",
                "serialize-loop f (t.f90:21) + serialize-loop g (t.f90:30)",
                "serialize-loop f (t.f90:21) + threads-split 3:1 t (t.f90:4)",
                "serialize-loop f (t.f90:21) + threads-split 1:3 t (t.f90:4)",
                "serialize-loop g (t.f90:30) + threads-split 3:1 t (t.f90:4)",
                "serialize-loop g (t.f90:30) + threads-split 1:3 t (t.f90:4)",
                "threads-split 3:1 t (t.f90:4) + tasks-in-sequence t (t.f90:4)",
                "threads-split 1:3 t (t.f90:4) + tasks-in-sequence t (t.f90:4)"), labels);
    }

    /** Where a depth holds more variants than the beam, the best by score go on and the rest are counted. */
    @Test
    void theBeamKeepsTheBestVariantsOfADepth() {
        Program p = program("t.f90", TASKS.replace("!lcm$ OUTPUT", "!lcm$ output: b"));
        Search.Result r = Search.run(p, 2, 1, Long.MAX_VALUE, v -> v.edits().stream()
                .anyMatch(e -> e.name().equals(TasksInSequence.NAME)) ? 0 : 1);
        assertEquals(List.of("as it is", "tasks-in-sequence t (t.f90:4)",
                "tasks-in-sequence t (t.f90:4) + serialize-loop f (t.f90:21)"),
                r.variants().stream().map(Variant::label).toList());
        // depth 1: six variants (threads-split 3:1 and 1:3 among them), one kept; depth 2 from it:
        // serialize f or g (the tasks again are the program as it is), one kept
        assertEquals(5 + 1, r.pruned());
    }
}

package lcm.explore;

import lcm.dag.Program;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The diffs of the edits that create tasks in Fortran, by hand. A KSR loop over k whose body
 * calls f (pc = 2 s) on a(k) and g (pc = 3 s) on b(k): loop-to-tasks gives tp.f's shape (a
 * section per part, each its own loop over k); at p = 2 the two tasks run at once, 8 x 3 = 24 s
 * against 8 x (2 + 3) = 40 s as it is. A free-form OpenMP sequence whose last call goes on on a
 * continuation line: the end directive follows that line. HPF has no tasks, and a labelled
 * {@code do} would be copied with its label: no diff.
 */
class TaskDirectivesTest {

    static final String KSR = """
                  program m
                  real a(100, 8), b(100, 8)
                  integer k
                  do k=1,8
            c*lcm*    output: a(k)
                     call f(a(1,k))
            c*lcm*    output: b(k)
                     call g(b(1,k))
                  end do
                  end
            c*lcm* model: pc = 2
                  subroutine f(x)
                  real x(100)
                  x(1) = 1.0
                  end
            c*lcm* model: pc = 3
                  subroutine g(x)
                  real x(100)
                  integer j
            c*ksr* tile(j)
                  do j=1,1
                     x(j) = 1.0
                  end do
            c*ksr* end tile
                  end
            """;

    static final String OPENMP = """
            program c
              real a(10), b(10)
              !lcm$ output: a
              call f(a)
              !lcm$ output: b
              call g(b, &
                     1)
            end program
            !lcm$ model: pc = 2
            subroutine f(x)
              real x(10)
              x(1) = 1.0
            end subroutine
            !lcm$ model: pc = 3
            subroutine g(x, i)
              real x(10)
              integer i
              x(i) = 1.0
            end subroutine
            """;

    @TempDir
    Path dir;

    final SourceRegistry sources = new SourceRegistry();

    Variant only(Transformation t, String name, String text) {
        Proposal x = TransformationsTest.only(t, SmallPrograms.read(dir, sources, name, text));
        return new Variant(x.result(), List.of(x.edit()), "");
    }

    double time(Program p, double procs) {
        return SmallPrograms.time(p, Map.of("p", procs));
    }

    @Test
    void aKsrLoopBecomesTwoSectionsEachLoopingOverK() throws IOException {
        Variant v = only(new LoopToTasks(), "m.f", KSR);
        String diff = new VariantSources(sources).diff(v).orElseThrow();
        assertEquals("""
                @@ -1,12 +1,18 @@
                       program m
                       real a(100, 8), b(100, 8)
                       integer k
                +c*ksr* parallel sections
                +c*ksr* section
                       do k=1,8
                 c*lcm*    output: a(k)
                          call f(a(1,k))
                +      end do
                +c*ksr* section
                +      do k=1,8
                 c*lcm*    output: b(k)
                          call g(b(1,k))
                       end do
                +c*ksr* end parallel sections
                       end
                 c*lcm* model: pc = 2
                       subroutine f(x)
                """, diff.substring(diff.indexOf("@@")));
        assertEquals(24.0, time(v.program(), 2), 1e-9);
        Path written = new VariantSources(sources).write(v, Files.createDirectories(dir.resolve("out"))).get(0);
        Program again = new ProgramReader(new SourceRegistry()).read(List.of(written)).orThrow();
        for (double p : new double[] {1, 2, 4}) {
            assertEquals(time(v.program(), p), time(again, p), 1e-9, "p = " + p);
        }
    }

    @Test
    void theSectionsEndAfterTheLastCallsContinuationLine() throws IOException {
        Variant v = only(new SequenceToTasks(), "c.f90", OPENMP);
        String diff = new VariantSources(sources).diff(v).orElseThrow();
        assertEquals("""
                @@ -1,10 +1,14 @@
                 program c
                   real a(10), b(10)
                +  !$omp parallel sections
                +  !$omp section
                   !lcm$ output: a
                   call f(a)
                +  !$omp section
                   !lcm$ output: b
                   call g(b, &
                          1)
                +  !$omp end parallel sections
                 end program
                 !lcm$ model: pc = 2
                 subroutine f(x)
                """, diff.substring(diff.indexOf("@@")));
        Path written = new VariantSources(sources).write(v, Files.createDirectories(dir.resolve("out"))).get(0);
        Program again = new ProgramReader(new SourceRegistry()).read(List.of(written)).orThrow();
        assertEquals(3.0, time(again, 2), 1e-9);
        assertEquals(time(v.program(), 1), time(again, 1), 1e-9);
    }

    /**
     * Sections around a loop that is also made parallel: both edits add an end directive after
     * the loop's {@code end do}, and which goes first is not known from the lines: no diff.
     */
    @Test
    void twoEditsThatEndConstructsAtOnePlaceGetNoDiff() {
        Program p = SmallPrograms.read(dir, sources, "b.f90", """
                program b
                  integer i
                  real a(10), x(10)
                  !lcm$ output: a
                  call f(a)
                  !lcm$ independent
                  !lcm$ output: x
                  do i = 1, 10
                    x(i) = 1.0
                  end do
                end program
                !lcm$ model: pc = 2
                subroutine f(y)
                  real y(10)
                  y(1) = 1.0
                end subroutine
                """);
        Proposal tasks = TransformationsTest.only(new SequenceToTasks(), p);
        Proposal loop = TransformationsTest.only(new ParallelizeLoop(), tasks.result());
        VariantSources out = new VariantSources(sources);
        assertTrue(out.diff(new Variant(tasks.result(), List.of(tasks.edit()), "")).isPresent());
        assertTrue(out.diff(new Variant(loop.result(), List.of(loop.edit()), "")).isPresent());
        assertTrue(out.diff(new Variant(loop.result(), List.of(tasks.edit(), loop.edit()), "")).isEmpty());
    }

    @Test
    void hpfHasNoTasksToWrite() {
        Variant v = only(new SequenceToTasks(), "h.f90",
                OPENMP.replace("real a(10), b(10)\n", "real a(10), b(10)\n  !hpf$ distribute a(block)\n"));
        assertTrue(new VariantSources(sources).diff(v).isEmpty());
    }

    @Test
    void aLabelledDoIsNotCopied() {
        Variant v = only(new LoopToTasks(), "l.f", KSR.replace("      do k=1,8\n", "      do 10 k=1,8\n")
                .replace("         call g(b(1,k))\n      end do\n", "         call g(b(1,k))\n   10 continue\n"));
        assertTrue(new VariantSources(sources).diff(v).isEmpty());
    }
}

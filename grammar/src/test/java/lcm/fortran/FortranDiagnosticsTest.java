package lcm.fortran;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Fortran front end's diagnostics (DESIGN 9): a table of (source, exact rendered
 * diagnostics) — {@code file:line:col: message}, the source line and a caret — for every
 * mistake a user makes with structure, directives and annotations; plus files that make
 * several errors at once, all of which must be reported.
 */
class FortranDiagnosticsTest {

    private record Row(String name, String file, String source, String expected) {
    }

    private static Row row(String name, String file, String source, String expected) {
        return new Row(name, file, source, expected);
    }

    private static final List<Row> ROWS = List.of(
            row("bad KSR directive", "t.f", """
                      program main
                c*ksr* paralel sections
                      x = 1
                      end
                """,
                """
                t.f:2:8: unknown KSR directive 'paralel sections'
                  c*ksr* paralel sections
                         ^
                """),
            row("unknown OpenMP directive", "t.f", """
                      program main
                !$omp paralel do
                      do i = 1, n
                      end do
                      end
                """,
                """
                t.f:2:7: unknown OpenMP directive 'paralel do'
                  !$omp paralel do
                        ^
                """),
            row("unclosed parallel sections", "t.f", """
                      program main
                c*ksr* parallel sections
                c*ksr* section
                      call a
                      end
                """,
                """
                t.f:2:8: unclosed 'c*ksr* parallel sections' (no 'end parallel sections' before the end of program main)
                  c*ksr* parallel sections
                         ^
                """),
            row("end tile without tile", "t.f", """
                      subroutine s
                      do i = 1, n
                      end do
                c*ksr* end tile
                      end
                """,
                """
                t.f:4:8: 'c*ksr* end tile' without 'tile'
                  c*ksr* end tile
                         ^
                """),
            row("end do without do", "t.f", """
                      subroutine s
                      x = 1
                      end do
                      end
                """,
                """
                t.f:3:7: 'end do' without 'do'
                        end do
                        ^
                """),
            row("else without if", "t.f", """
                      subroutine s
                      x = 1
                      else
                      end
                """,
                """
                t.f:3:7: 'else' without 'if'
                        else
                        ^
                """),
            row("unclosed do loop", "t.f", """
                      subroutine s
                      do i = 1, n
                      x = 1
                      end
                """,
                """
                t.f:2:7: unclosed 'do' (no 'end do' before the end of subroutine s)
                        do i = 1, n
                        ^
                """),
            row("label ends a loop while an if is open", "t.f", """
                      subroutine s
                      do 10 i = 1, n
                      if (x .gt. 0) then
                 10   continue
                      end if
                      end
                """,
                """
                t.f:4:7: label 10 ends a do loop while 'if' (line 3) is still open
                   10   continue
                        ^
                """),
            row("annotation attached to nothing", "t.f", """
                      subroutine s
                      x = 1
                c*lcm* input: a
                      end
                """,
                """
                t.f:3:8: annotation has nothing to attach to before the end of subroutine s
                  c*lcm* input: a
                         ^
                """),
            row("bad annotation keyword", "t.f", """
                      subroutine s
                c*lcm* modle: li = n
                      x = 1
                      end
                """,
                """
                t.f:2:8: unknown annotation 'modle' (expected one of: fragment, end fragment, input:, output:, model:, vars:, iterations:, recursion:, pool:, independent, probability:, size:, sync:, measured-in:, fitted-on:, contention:, parallel sections, section, end parallel sections, tile(...), end tile)
                  c*lcm* modle: li = n
                         ^
                """),
            row("bad expression", "t.f", """
                      subroutine s
                c*lcm* model: li = n*/2
                      x = 1
                      end
                """,
                """
                t.f:2:22: bad annotation: unexpected '/', expecting an expression
                  c*lcm* model: li = n*/2
                                       ^
                """),
            row("unknown function in a model", "t.f", """
                      subroutine s
                c*lcm* model: li = foo(n)
                      x = 1
                      end
                """,
                """
                t.f:2:20: unknown function 'foo' (allowed: log, log2, sqrt, exp, min, max, ceil, floor, abs, emax)
                  c*lcm* model: li = foo(n)
                                     ^
                """),
            row("unknown category", "t.f", """
                      subroutine s
                c*lcm* model: xx = n
                      x = 1
                      end
                """,
                """
                t.f:2:15: unknown category 'xx' (categories: pc (or rt), li, ip, sl, cl, rc)
                  c*lcm* model: xx = n
                                ^
                """),
            row("parallel do not followed by a do loop", "t.f", """
                      subroutine s
                !$omp parallel do
                      x = 1
                      end
                """,
                """
                t.f:2:7: '!$omp parallel do' must be followed by a do loop, not by 'x = 1' (line 3)
                  !$omp parallel do
                        ^
                """),
            row("recursion", "t.f", """
                      subroutine a
                      call b
                      end
                      subroutine b
                      call a
                      end
                """,
                """
                t.f:5:7: warning: recursion a -> b -> a is only computation (no parallel construct below it): its recursive calls are modelled as plain code whose cost lcm cannot expand; give 'a' a 'model:' (or put the call inside a fragment) for its cost
                        call a
                        ^
                """),
            row("end fragment without fragment", "t.f", """
                      subroutine s
                      x = 1
                c*lcm* end fragment
                      end
                """,
                """
                t.f:3:8: 'end fragment' without 'fragment'
                  c*lcm* end fragment
                         ^
                """),
            row("two main programs", "t.f", """
                      program one
                      end
                      program two
                      end
                """,
                """
                t.f:3:7: more than one main program: one (t.f:1:7), two (t.f:3:7)
                        program two
                        ^
                """),
            row("tile without a loop index", "t.f", """
                      subroutine s
                c*ksr* tile(strategy=slice)
                      do i = 1, n
                      end do
                c*ksr* end tile
                      end
                """,
                """
                t.f:2:8: 'tile' needs a loop index: tile(i, ...)
                  c*ksr* tile(strategy=slice)
                         ^
                """),
            row("omp section outside sections", "t.f", """
                      subroutine s
                !$omp section
                      x = 1
                      end
                """,
                """
                t.f:2:7: '!$omp section' outside 'sections' or 'parallel sections'
                  !$omp section
                        ^
                """),
            row("end parallel do after no parallel do", "t.f", """
                      subroutine s
                      x = 1
                !$omp end parallel do
                      end
                """,
                """
                t.f:3:7: '!$omp end parallel do' does not follow a parallel do loop
                  !$omp end parallel do
                        ^
                """),
            row("unclosed omp parallel (free form)", "t.f90", """
                subroutine s
                  !$omp parallel
                  x = 1
                end subroutine s
                """,
                """
                t.f90:2:9: unclosed '!$omp parallel' (no 'end parallel' before the end of subroutine s)
                    !$omp parallel
                          ^
                """),
            row("end without a program unit", "t.f", """
                      x = 1
                      end
                      end
                """,
                """
                t.f:3:7: 'end' without a program unit
                        end
                        ^
                """),
            row("end fragment closing another fragment", "t.f", """
                c*lcm* fragment a
                      x = 1
                c*lcm* end fragment b
                      end
                """,
                """
                t.f:3:8: 'end fragment b' closes 'fragment a'
                  c*lcm* end fragment b
                         ^
                """),
            row("routine defined twice", "t.f", """
                      subroutine s
                      end
                      subroutine s
                      end
                """,
                """
                t.f:3:7: routine 's' is defined twice (first at t.f:1:7)
                        subroutine s
                        ^
                """),
            row("bad iterations expression", "t.f", """
                      subroutine s
                c*lcm* iterations: n +
                      do i = 1, n
                      end do
                      end
                """,
                """
                t.f:2:22: bad annotation: unexpected '+', expecting the end of the line
                  c*lcm* iterations: n +
                                       ^
                """),
            row("a second end do", "t.f", """
                      subroutine s
                      do i = 1, n
                      x = 1
                      end do
                      end do
                      end
                """,
                """
                t.f:5:7: 'end do' without 'do'
                        end do
                        ^
                """),
            row("unknown directive: its closers are not reported again", "t.f", """
                c*ksr* paralel sections
                c*ksr* section
                      call a
                c*ksr* end parallel sections
                      end
                """,
                """
                t.f:1:8: unknown KSR directive 'paralel sections'
                  c*ksr* paralel sections
                         ^
                """),
            row("unclosed labelled do", "t.f", """
                      subroutine s
                      do 10 i = 1, n
                      x = 1
                      end
                """,
                """
                t.f:2:7: unclosed 'do 10' (no statement labelled 10 before the end of subroutine s)
                        do 10 i = 1, n
                        ^
                """),
            row("else while a do is open", "t.f", """
                      subroutine s
                      if (x) then
                      do i = 1, n
                      else
                      end do
                      end if
                      end
                """,
                """
                t.f:4:7: 'else' while 'do' (line 3) is still open
                        else
                        ^
                """),
            row("annotation before end do", "t.f", """
                      subroutine s
                      do i = 1, n
                c*lcm* output: a
                      end do
                      end
                """,
                """
                t.f:3:8: annotation has nothing to attach to before 'end do' at line 4
                  c*lcm* output: a
                         ^
                """),
            row("parallel do followed by a directive", "t.f", """
                      subroutine s
                !$omp parallel do
                !$omp parallel do
                      do i = 1, n
                      end do
                      end
                """,
                """
                t.f:2:7: '!$omp parallel do' must be followed by a do loop, not by '!$omp parallel do' (line 3)
                  !$omp parallel do
                        ^
                """),
            row("parallel do at the end of a unit", "t.f", """
                      subroutine s
                !$omp parallel do
                      end
                """,
                """
                t.f:2:7: '!$omp parallel do' must be followed by a do loop, not by 'end' (line 3)
                  !$omp parallel do
                        ^
                """),
            row("statement after contains", "t.f", """
                      module m
                      contains
                      x = 1
                      end
                """,
                """
                t.f:3:7: statement after 'contains' outside any internal procedure
                        x = 1
                        ^
                """),
            row("omp section in a parallel region", "t.f", """
                      subroutine s
                !$omp parallel
                !$omp do
                      do i = 1, n
                      end do
                !$omp section
                !$omp end parallel
                      end
                """,
                """
                t.f:6:7: '!$omp section' outside 'sections' or 'parallel sections'
                  !$omp section
                        ^
                """),
            row("indented directive in fixed form: the caret is still right", "t.f", """
                      subroutine s
                        !$omp paralel do
                c*lcm*  model: li = n*/2
                          !lcm$ model: li = n*/2
                      x = 1
                      end
                """,
                """
                t.f:2:15: unknown OpenMP directive 'paralel do'
                          !$omp paralel do
                                ^
                t.f:3:23: bad annotation: unexpected '/', expecting an expression
                  c*lcm*  model: li = n*/2
                                        ^
                t.f:4:31: bad annotation: unexpected '/', expecting an expression
                            !lcm$ model: li = n*/2
                                                ^
                """),
            row("bad data item (free form)", "t.f90", """
                program p
                  !$omp parallel do &
                  !$omp& privat(i)
                  do i = 1, n
                  end do
                  !lcm$ output: a(
                  call s
                end program p
                """,
                """
                t.f90:6:19: bad annotation: unexpected end of line, expecting ')'
                    !lcm$ output: a(
                                    ^
                """));

    @TestFactory
    Stream<DynamicTest> eachMistakeGivesItsExactMessage() {
        return ROWS.stream().map(r -> DynamicTest.dynamicTest(r.name(),
                () -> assertEquals(r.expected(), Run.of(r.file(), r.source()).rendered(), r.name())));
    }

    @Test
    void everyErrorOfAFileIsReportedInOrder() {
        String source = """
                      program main
                c*lcm* modle: li = n
                      call work
                c*ksr* tile(k, strategy=slice)
                      do k = 1, n
                      x = 1
                c*ksr* end tile
                      else
                      end
                      subroutine work
                !$omp parallel do
                      x = 2
                c*lcm* model: li = n*/2
                      call other
                c*lcm* output: a(k)
                      end
                """;
        String expected = """
                t.f:2:8: unknown annotation 'modle' (expected one of: fragment, end fragment, input:, output:, \
                model:, vars:, iterations:, recursion:, pool:, independent, probability:, size:, sync:, measured-in:, fitted-on:, contention:, parallel sections, section, \
                end parallel sections, tile(...), end tile)
                t.f:5:7: unclosed 'do' (no 'end do' before 'c*ksr* end tile' at line 7)
                t.f:8:7: 'else' without 'if'
                t.f:11:7: '!$omp parallel do' must be followed by a do loop, not by 'x = 2' (line 12)
                t.f:13:22: bad annotation: unexpected '/', expecting an expression
                t.f:15:8: annotation has nothing to attach to before the end of subroutine work
                """;
        Run.Result r = Run.of("t.f", source);
        assertEquals(expected, headlines(r));
        assertEquals(6, r.diagnostics().errorCount());
    }

    @Test
    void everyFileOfARunIsReported() {
        Run.Result r = Run.of("a.f", """
                      subroutine a
                      call b
                      end
                """, "b.f90", """
                subroutine b
                  !$omp end parallel do
                  call a
                end subroutine b
                """);
        assertEquals("""
                b.f90:2:9: '!$omp end parallel do' does not follow a parallel do loop
                b.f90:3:3: warning: recursion a -> b -> a is only computation (no parallel construct below it): its recursive calls are modelled as plain code whose cost lcm cannot expand; give 'a' a 'model:' (or put the call inside a fragment) for its cost
                """, headlines(r));
    }

    @Test
    void aMissingFileIsAnErrorAtTheCommandLineAndTheOtherFilesAreStillRead(@TempDir Path dir) throws IOException {
        Path good = dir.resolve("good.f");
        Files.writeString(good, """
                      subroutine s
                      end do
                      end
                """);
        Run.Result r = Run.files(dir.resolve("missing.f"), good);
        String shown = r.rendered().replace(dir.toString() + "/", "");
        assertEquals("""
                good.f:2:7: 'end do' without 'do'
                        end do
                        ^
                lcm: missing.f: no such file
                """, shown);
    }

    @Test
    void aCircularIncludeIsAnErrorAtTheIncludeLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.h"), "      include 'b.h'\n      integer n\n");
        Files.writeString(dir.resolve("b.h"), "      include 'a.h'\n");
        Path main = dir.resolve("main.f");
        Files.writeString(main, """
                      program main
                      include 'a.h'
                      n = 1
                      end
                """);
        Run.Result r = Run.files(main);
        assertEquals("""
                b.h:1:7: include of 'a.h' is circular
                        include 'a.h'
                        ^
                """, r.rendered().replace(dir.toString() + "/", ""));
    }

    @Test
    void aTrailingCommentPastColumn72InAnIncludeFileIsNoLostText(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("params.h"), "      integer n\n"
                + "      parameter (n = 64)" + " ".repeat(53) + "! the problem size, class S\n");
        Path main = dir.resolve("main.f");
        Files.writeString(main, """
                      program main
                      include 'params.h'
                      call s
                      end
                      subroutine s
                      end
                """);
        Run.Result r = Run.files(main);
        assertEquals("", r.rendered());
        assertEquals("serial main(serial s)", lcm.dag.Dags.shape(r.dag().root()));
    }

    @Test
    void varsBeforeTheProgramStatementIsIgnoredWithAWarning(@TempDir Path dir) throws IOException {
        Path main = dir.resolve("v.f");
        Files.writeString(main, """
                c*lcm* vars: lt = log2(n)
                      program main
                c*lcm* model: pc = lt
                      call work
                      end
                      subroutine work
                      x = 1
                      end
                """);
        Run.Result r = Run.files(main);
        assertEquals("""
                v.f:1:8: warning: 'vars:' is ignored here: it attaches to the routine 'main', and a 'vars:' acts where \
                a node is used (a call, a loop, a task, a fragment), never on a routine's definition; to set lt for \
                the code of 'main', write it inside 'main', before the statement or construct that uses lt
                  c*lcm* vars: lt = log2(n)
                         ^
                """, r.rendered().replace(dir.toString() + "/", ""));
    }

    @Test
    void aVarsThatSetsANameNothingBelowUsesIsAWarning(@TempDir Path dir) throws IOException {
        Path main = dir.resolve("u.f");
        Files.writeString(main, """
                      program main
                c*lcm* vars: lt = log2(n), m = n
                      call work
                      end
                c*lcm* model: pc = m
                      subroutine work
                      x = 1
                      end
                """);
        Run.Result r = Run.files(main);
        assertEquals("""
                u.f:2:8: warning: 'vars: lt = log2(n)' has no effect: no trip count, model or binding of work or below \
                uses lt
                  c*lcm* vars: lt = log2(n), m = n
                         ^
                """, r.rendered().replace(dir.toString() + "/", ""));
    }

    @Test
    void aMissingIncludeIsAWarningAndTheRestIsRead(@TempDir Path dir) throws IOException {
        Path main = dir.resolve("main.f");
        Files.writeString(main, """
                      program main
                      include 'npbparams.h'
                      call s
                      end
                      subroutine s
                      end
                """);
        Run.Result r = Run.files(main);
        assertEquals("""
                main.f:2:7: warning: include file 'npbparams.h' not found; its lines are skipped
                        include 'npbparams.h'
                        ^
                """, r.rendered().replace(dir.toString() + "/", ""));
        assertEquals(0, r.diagnostics().errorCount());
        assertEquals("serial main(serial s)", lcm.dag.Dags.shape(r.dag().root()));
    }

    private static String headlines(Run.Result r) {
        StringBuilder out = new StringBuilder();
        r.diagnostics().sorted().forEach(d -> out.append(d.headline()).append('\n'));
        return out.toString();
    }
}

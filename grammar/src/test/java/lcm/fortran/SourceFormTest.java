package lcm.fortran;

import lcm.dag.Dags;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What docs/fortran.md says the front end reads: columns, continuations, sentinels, comments
 * and strings, in both forms, and the known limits. Each row parses clean; the expected text
 * is the DAG's outline (see {@link Dags#outline}).
 */
class SourceFormTest {

    private record Row(String name, String file, String source, String outline, String warning) {
        Row(String name, String file, String source, String outline) {
            this(name, file, source, outline, "");
        }
    }

    private static final List<Row> ROWS = List.of(
            new Row("text past column 72 is ignored, with a warning", "t.f", """
                          program main
                          do i = 1, n                                                       , 2
                             call t
                          end do
                          end
                          subroutine t
                          end
                    """, "loop[n](t)", "t.f:2:73: warning: text past column 72 is ignored; --line-length 132 reads it"),
            new Row("a ! comment past column 72, or begun before it and running past, is no lost text", "t.f", """
                          program main
                          do i = 1, n                                                         ! over i
                             call t ! a comment that begins before column 72 and runs on past it
                          end do
                          end
                          subroutine t
                          end
                    """, "loop[n](t)"),
            new Row("code past column 72 before a ! comment is still cut, with a warning", "t.f", """
                          program main
                          do i = 1, n                                                       , 2 ! step
                             call t
                          end do
                          end
                          subroutine t
                          end
                    """, "loop[n](t)", "t.f:2:73: warning: text past column 72 is ignored; --line-length 132 reads it"),
            new Row("any non-blank, non-zero column 6 continues: > and & and digits", "t.f", """
                          program main
                          call t(a,
                         >       b,
                         &       c,
                         1       d)
                          x = 1
                         0y = 2
                          end
                          subroutine t(a, b, c, d)
                          end
                    """, "serial(t, leaf)"),
            new Row("comment lines (c, C, *, !, d, blank) may sit between continuations", "t.f", """
                          program main
                    !$omp parallel do
                    !$omp& private(i)
                    c     the loop
                    *     over i
                          do i = 1,
                    C     the bound
                         >   n
                             x = 1
                          end do
                          end
                    """, "parallel-loop[n](leaf)"),
            new Row("c$omp&, *$omp& and a trailing ! comment on a directive line", "t.f", """
                          program main
                    c$omp parallel do ! the clauses follow
                    *$omp& private(i) ! a comment, not a clause
                    c$omp& shared(a)
                          do i = 1, n
                             a(i) = 0
                          end do
                    c$omp end parallel do
                          end
                    """, "parallel-loop[n](leaf)"),
            new Row("DEC tab form: a tab ends the label field, a digit after it continues", "t.f",
                    "      program main\n\tcall t(a,\n\t1 b)\n10\tcontinue\n      end\n      subroutine t(a, b)\n      end\n",
                    "serial(t)"),
            new Row("a ! inside a string is no comment; ; separates statements", "t.f", """
                          program main
                          write(*,*) 'wow! do i = 1, n'; call t ! call u
                          end
                          subroutine t
                          end
                          subroutine u
                          end
                    """, "serial(leaf, t)"),
            new Row("shared terminal statement of labelled loops, and labelled end do", "t.f", """
                          program main
                          do 10 i = 1, n
                          do 10 j = 1, m
                             call t
                       10 continue
                          do 20 k = 1, 2*n
                             call t
                       20 end do
                          end
                          subroutine t
                          end
                    """, "serial(loop[n](loop[m](t)), loop[2*n](^t))"),
            new Row("free form: & at the end and at the start, comments between", "t.f90", """
                    program main
                      call t(a, &   ! first part
                    ! a comment line between
                             & b)
                      !$omp parallel do &
                      !$omp   private(i) &
                      !$omp&  schedule(static)
                      do i = 1, &
                             n
                        x = 1
                      end do
                    end program main
                    subroutine t(a, b)
                    endsubroutine t
                    """, "serial(t, parallel-loop[n](leaf))"),
            new Row("free form: !$ conditional lines are code, an undecided #ifdef reads its first side", "t.f90", """
                    program main
                    !$ use omp_lib
                    #ifdef DEBUG
                      call t
                    #endif
                    end program main
                    subroutine t
                    end subroutine t
                    """, "serial(t)", "t.f90:3:1: warning: '#ifdef DEBUG' depends on DEBUG, which no -D defines;"
                    + " reading its first side (-D NAME selects a side)"),
            new Row("a byte order mark at the start of a file is no text", "t.f90",
                    "\uFEFFprogram main\n  call t\nend program main\nsubroutine t\nend subroutine t\n", "serial(t)"),
            new Row("named constructs and do while", "t.f90", """
                    program main
                      outer: do i = 1, n
                        inner: do while (x > 0)
                          call t
                        end do inner
                      end do outer
                    end program main
                    subroutine t
                    end subroutine t
                    """, "loop[n](loop(t))",
                    // a do while has no trip count lcm can read: the warning names the annotation to add
                    "t.f90:3:5: warning: loop with an unknown trip count; add 'iterations: N' (its number of trips)"
                            + " before the loop"),
            new Row("select type and select rank are blocks with branches, like select case", "t.f90", """
                    program main
                      sel: select type (shape)
                      type is (circle)
                        call t
                      class is (square)
                        x = 1
                      class default
                        x = 2
                      end select sel
                      select rank (a)
                      rank (0)
                        x = 3
                      rank default
                        x = 4
                      end select
                    end program main
                    subroutine t
                    end subroutine t
                    """, "serial(serial(serial(t), serial(leaf), serial(leaf)), leaf)"),
            new Row("do concurrent is a serial loop; one index gives its trip count", "t.f90", """
                    program main
                      do concurrent (i = 2:n-1)
                        call t
                      end do
                      do concurrent (i = 1:n, j = 1:m, i /= j)
                        call t
                      end do
                    end program main
                    subroutine t
                    end subroutine t
                    """, "serial(loop[n-2](t), loop(^t))",
                    "t.f90:5:3: warning: loop with an unknown trip count; add 'iterations: N' (its number of trips)"
                            + " before the loop"),
            new Row("known limit: blank-insignificant DO10I=1,10 is an assignment, not a loop", "t.f", """
                          program main
                          DO10I=1,10
                          call t
                       10 continue
                          end
                          subroutine t
                          end
                    """, "serial(leaf, t)"),
            new Row("known limit: integer division is not modelled in trip counts", "t.f", """
                          program main
                          do k = 1, (n+1)/2
                             call t
                          end do
                          do k = n, 1, -1
                             call t
                          end do
                          do k = 0, n-1, 4
                             call t
                          end do
                          end
                          subroutine t
                          end
                    """, "serial(loop[(n+1)/2](t), loop[n](^t), loop[floor((n-1)/4)+1](^t))"));

    @TestFactory
    Stream<DynamicTest> eachRule() {
        return ROWS.stream().map(r -> DynamicTest.dynamicTest(r.name(), () -> {
            Run.Result result = Run.of(r.file(), r.source());
            String headlines = String.join("\n", result.diagnostics().sorted().stream()
                    .map(lcm.source.Diagnostic::headline).toList());
            assertEquals(r.warning(), headlines, r.name());
            assertEquals(r.outline(), Dags.outline(result.dag().root()), r.name());
        }));
    }
}

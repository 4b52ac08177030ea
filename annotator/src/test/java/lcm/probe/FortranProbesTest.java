package lcm.probe;

import lcm.fortran.SourceForm;
import lcm.probe.FortranProbes.Placement;
import lcm.probe.FortranProbes.Probe;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the probes of the instrumented copy go: every way into and out of a fragment, fixed and free form. */
class FortranProbesTest {

    private static FortranProbes.Result instrument(String name, String text, Probe... probes) {
        Path file = Path.of(name);
        return FortranProbes.instrument(SourceText.of(file, text), SourceForm.of(file), List.of(probes));
    }

    @Test
    void fixedFormJumpsOutOfAFragmentCloseIt() {
        String src = """
                      subroutine walk(n, s)
                      integer n, i
                      double precision s
                      s = 0
                      do 20 i = 1, n
                         s = s + i
                         if (s .gt. 100) go to 30
                         if (i .eq. 7) return
                         if (i .eq. 3) go to 20
                         s = s * 2
                   20 continue
                   30 s = -s
                      end
                """;
        // the fragment: the statements of the loop body (lines 6-10); 20 continue ends the loop around it
        FortranProbes.Result r = instrument("walk.f", src, new Probe(4, "body", Placement.AROUND, 6, 11));
        assertEquals("""
                      subroutine walk(n, s)
                      integer n, i
                      double precision s
                      s = 0
                      do 20 i = 1, n
                      call lcm_probe_begin(4)
                         s = s + i
                      if (s .gt. 100) call lcm_probe_end(4)
                         if (s .gt. 100) go to 30
                      if (i .eq. 7) call lcm_probe_end(4)
                         if (i .eq. 7) return
                      if (i .eq. 3) call lcm_probe_end(4)
                         if (i .eq. 3) go to 20
                         s = s * 2
                      call lcm_probe_end(4)
                   20 continue
                   30 s = -s
                      end
                """, r.text());
        assertEquals(List.of(), r.warnings());
    }

    @Test
    void aRoutineEndsAtEveryReturnAndItsLabelledEnd() {
        String src = """
                      double precision function f(x)
                      implicit none
                      double precision x
                      data k /3/
                      if (x .lt. 0) goto 99
                      f = x
                      return
                   99 f = 0
                   10 end
                """;
        FortranProbes.Result r = instrument("f.f", src, new Probe(1, "f", Placement.ROUTINE, 1, 9));
        assertEquals("""
                      double precision function f(x)
                      implicit none
                      double precision x
                      data k /3/
                      call lcm_probe_begin(1)
                      if (x .lt. 0) goto 99
                      f = x
                      call lcm_probe_end(1)
                      return
                   99 f = 0
                   10 call lcm_probe_end(1)
                      end
                """, r.text());
    }

    @Test
    void worksharingLoopsSingleAndExitInFreeForm() {
        String src = """
                program p
                  integer :: i, k
                  !$omp parallel
                  !$omp do
                  do i = 1, 10
                    call work(i)
                  end do
                  !$omp end do nowait
                  !$omp single
                  call serial()
                  !$omp end single
                  !$omp end parallel
                  outer: do k = 1, 5
                    do i = 1, 3
                      call work(i)
                      if (i == k) exit outer
                      if (i == 2) cycle
                    end do
                  end do outer
                end program p
                """;
        FortranProbes.Result r = instrument("p.f90", src,
                new Probe(1, "p:4", Placement.AROUND, 4, 7),
                new Probe(2, "p:9", Placement.INSIDE, 9, 11),
                new Probe(3, "p:14", Placement.AROUND, 14, 18));
        assertEquals("""
                program p
                  integer :: i, k
                  !$omp parallel
                  call lcm_probe_begin(1)
                  !$omp do
                  do i = 1, 10
                    call work(i)
                  end do
                  !$omp end do nowait
                  call lcm_probe_end(1)
                  !$omp single
                  call lcm_probe_begin(2)
                  call serial()
                  call lcm_probe_end(2)
                  !$omp end single
                  !$omp end parallel
                  outer: do k = 1, 5
                    call lcm_probe_begin(3)
                    do i = 1, 3
                      call work(i)
                      if (i == k) call lcm_probe_end(3)
                      if (i == k) exit outer
                      if (i == 2) cycle
                    end do
                    call lcm_probe_end(3)
                  end do outer
                end program p
                """, r.text());
    }

    @Test
    void nestedFragmentsCloseInnerFirst() {
        String src = """
                subroutine s()
                  call a()
                  call b()
                end subroutine s
                """;
        FortranProbes.Result r = instrument("s.f90", src,
                new Probe(1, "outer", Placement.AROUND, 2, 3),
                new Probe(2, "inner", Placement.AROUND, 3, 3));
        assertEquals("""
                subroutine s()
                  call lcm_probe_begin(1)
                  call a()
                  call lcm_probe_begin(2)
                  call b()
                  call lcm_probe_end(2)
                  call lcm_probe_end(1)
                end subroutine s
                """, r.text());
    }

    @Test
    void jumpsLcmCannotFollowAreWarnings() {
        String src = """
                      subroutine g(k)
                      integer k
                      go to (10, 20) k
                      call a()
                   10 call b()
                   20 continue
                      go to 10
                      end
                """;
        FortranProbes.Result r = instrument("g.f", src, new Probe(7, "g:3", Placement.AROUND, 3, 5));
        assertTrue(r.warnings().contains("g:3: the computed go to at line 3 may leave it, and lcm cannot tell where it "
                + "goes; the fragment then ends at its next end or when its routine or region does"), r.warnings().toString());
        assertTrue(r.warnings().contains("g:3: the go to at line 7 jumps into it at line 5; executions entered there "
                + "are not measured"), r.warnings().toString());
    }

    @Test
    void longConditionsAreContinuedWithinSeventyTwoColumns() {
        String src = """
                      subroutine h(x)
                      double precision x
                      if (x .gt. 1.0d0 .and. x .lt. 2.0d0 .and. x .ne. 1.5d0 .and.
                     &    x .ne. 1.25d0) return
                      x = 1
                      end
                """;
        FortranProbes.Result r = instrument("h.f", src, new Probe(2, "h:3", Placement.AROUND, 3, 5));
        List<String> lines = r.text().lines().toList();
        assertTrue(lines.stream().allMatch(l -> l.length() <= 72), r.text());
        int guard = lines.indexOf("      call lcm_probe_begin(2)") + 1;
        assertTrue(lines.get(guard).startsWith("      if (x .gt. 1.0d0 .and. x .lt. 2.0d0"), r.text());
        assertTrue(lines.get(guard + 1).startsWith("     &") && lines.get(guard + 1).endsWith("call lcm_probe_end(2)"),
                r.text());
        assertEquals("      if (x .gt. 1.0d0 .and. x .lt. 2.0d0 .and. x .ne. 1.5d0 .and.", lines.get(guard + 2), r.text());
    }
}

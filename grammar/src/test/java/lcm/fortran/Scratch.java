package lcm.fortran;

public class Scratch {
    public static void main(String[] args) throws Exception {
        String[] cases = {
"t.f", """
      program main
c*ksr* paralel sections
      x = 1
      end
""",
"t.f", """
      program main
!$omp paralel do
      do i = 1, n
      end do
      end
""",
"t.f", """
      program main
c*ksr* parallel sections
c*ksr* section
      call a
      end
""",
"t.f", """
      subroutine s
      do i = 1, n
      end do
c*ksr* end tile
      end
""",
"t.f", """
      subroutine s
      x = 1
      end do
      end
""",
"t.f", """
      subroutine s
      x = 1
      else
      end
""",
"t.f", """
      subroutine s
      do i = 1, n
      x = 1
      end
""",
"t.f", """
      subroutine s
      do 10 i = 1, n
      if (x .gt. 0) then
 10   continue
      end if
      end
""",
"t.f", """
      subroutine s
      x = 1
c*lcm* input: a
      end
""",
"t.f", """
      subroutine s
c*lcm* modle: li = n
      x = 1
      end
""",
"t.f", """
      subroutine s
c*lcm* model: li = n*/2
      x = 1
      end
""",
"t.f", """
      subroutine s
c*lcm* model: li = foo(n)
      x = 1
      end
""",
"t.f", """
      subroutine s
c*lcm* model: xx = n
      x = 1
      end
""",
"t.f", """
      subroutine s
!$omp parallel do
      x = 1
      end
""",
"t.f", """
      subroutine a
      call b
      end
      subroutine b
      call a
      end
""",
"t.f", """
      subroutine s
      x = 1
c*lcm* end fragment
      end
""",
"t.f", """
      program one
      end
      program two
      end
""",
"t.f", """
      subroutine s
c*ksr* tile(strategy=slice)
      do i = 1, n
      end do
c*ksr* end tile
      end
""",
"t.f", """
      subroutine s
!$omp section
      x = 1
      end
""",
"t.f", """
      subroutine s
      x = 1
!$omp end parallel do
      end
""",
"t.f90", """
subroutine s
  !$omp parallel
  x = 1
end subroutine s
""",
"t.f", """
      x = 1
      end
      end
""",
"t.f", """
c*lcm* fragment a
      x = 1
c*lcm* end fragment b
      end
""",
"t.f", """
      subroutine s
      end
      subroutine s
      end
""",
"t.f", """
      subroutine s
c*lcm* iterations: n +
      do i = 1, n
      end do
      end
""",
"t.f", """
      subroutine s
      do i = 1, n
      x = 1
      end do
      end do
      end
""",
        };
        for (int i = 0; i < cases.length; i += 2) {
            System.out.println("== " + (i / 2 + 1));
            System.out.print(Run.of(cases[i], cases[i + 1]).rendered());
        }
    }
}

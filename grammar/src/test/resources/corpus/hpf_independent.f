c     PIPS HPF test style: INDEPENDENT loops are parallel, mapping directives say where data lives
c expect-warning: hpf_independent.f:8:7: warning: HPF data-mapping directives (processors, distribute) say where data live, not what runs in parallel: lcm skips them (2 lines of this file, the first here); 'independent' loops stay parallel loops
c expect-dag: serial hpf(parallel-loop[n](leaf), parallel-loop relax[n-2](serial line))
      program hpf
      integer n
      parameter (n = 100)
      real a(n, n)
chpf$ processors p(4)
chpf$ distribute a(*, block) onto p
chpf$ independent, new(i)
      do j = 1, n
         do i = 1, n
            a(i, j) = 0.0
         end do
      end do
      call relax(a, n)
      end
      subroutine relax(a, n)
      integer n
      real a(n, n)
!hpf$ independent
      do j = 2, n - 1
         call line(j)
      end do
      end
      subroutine line(j)
      integer j
      end

c NPB-like fixed form: a convergence loop (do while) around a parallel loop has no trip count
c lcm can read: it warns at its line with the annotation to add. The loop up to nproc() holds no
c structure (it is part of a leaf), so nothing needs its count; the last loop has its annotation.
c expect-dag: serial main(leaf, loop(parallel-loop[n](leaf), leaf), leaf, loop[nit](parallel-loop[n](leaf), leaf))
c expect-warning: unknown_trips.f:12:7: warning: loop with an unknown trip count; add 'iterations: N' (its number of trips) before the loop
      program main
      integer n, i, k, nproc
      parameter (n = 64)
      double precision r, a(n)
      external nproc
      r = 1.0d0
      do while (r .gt. 1.0d-6)
!$omp parallel do
        do i = 1, n
          a(i) = a(i) * 0.5d0
        end do
        r = r * 0.5d0
      end do
      do k = 1, nproc()
        a(k) = 0.0d0
      end do
c*lcm* iterations: nit
      do while (r .lt. 1.0d0)
!$omp parallel do
        do i = 1, n
          a(i) = a(i) + r
        end do
        r = r * 2.0d0
      end do
      end

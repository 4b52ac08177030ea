c-----------------------------------------------------------------------
c  Known-answer program in the idiom of NPB CG, with no lcm annotation:
c  serial code, then a routine with one big parallel region holding a
c  worksharing loop, and an iteration loop over a single block, a
c  worksharing loop that ends nowait (the master thread has the longer
c  iteration: the other one idles in the barrier), a master block and
c  a barrier.
c  lcm measures it as it is: its fragments are the structure's
c  penultimate nodes. It prints what it timed itself for the test
c  (spin.f90 spins on the wall clock; lcm is not given it); each
c  thread's iteration is its thread number + 1 (schedule(static, 1));
c  li: the first loop's, each thread's wait in its barrier; the nowait
c  loop's, 2 x its span less the work (a late thread idles in it too).
c-----------------------------------------------------------------------
      program cglike
      use omp_lib
      implicit none
      double precision t0, ser
      t0 = omp_get_wtime()
      call spin(0.15d0)
      ser = omp_get_wtime() - t0
      call solve
      write (*, '(a,f0.6)') 'serial pc=', ser
      end

      subroutine solve
      use omp_lib
      implicit none
      integer i, it
      double precision t0, a(2), e(2), x(2), s(2), b(2, 2), f(2, 2)
      double precision m(2)
!$omp parallel private(i, it, t0)
!$omp do schedule(static, 1)
      do i = 1, 2
         a(i) = omp_get_wtime()
         call spin(0.1d0 * i)
         e(i) = omp_get_wtime()
      end do
!$omp end do
      x(omp_get_thread_num() + 1) = omp_get_wtime()
      do it = 1, 2
!$omp single
         t0 = omp_get_wtime()
         call spin(0.1d0)
         s(it) = omp_get_wtime() - t0
!$omp end single
!$omp do schedule(static, 1)
         do i = 1, 2
            b(i, it) = omp_get_wtime()
            call spin(0.05d0 * (3 - i))
            f(i, it) = omp_get_wtime()
         end do
!$omp end do nowait
!$omp master
         t0 = omp_get_wtime()
         call spin(0.05d0)
         m(it) = omp_get_wtime() - t0
!$omp end master
!$omp barrier
      end do
!$omp end parallel
      write (*, '(a,f0.6,a,f0.6)') 'loop pc=', sum(e - a),
     &   ' li=', sum(x - e)
      write (*, '(a,f0.6)') 'single pc=', s(1) + s(2)
      write (*, '(a,f0.6,a,f0.6)') 'nowait pc=', sum(f - b),
     &   ' li=', 2 * (maxval(f(:, 1)) - minval(b(:, 1)))
     &   + 2 * (maxval(f(:, 2)) - minval(b(:, 2))) - sum(f - b)
      write (*, '(a,f0.6)') 'master pc=', m(1) + m(2)
      end

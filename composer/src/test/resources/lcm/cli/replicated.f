c-----------------------------------------------------------------------
c  Known-answer program in the idiom of NPB CG's makea: inside one
c  parallel region every thread runs the same routine on its own part
c  (by omp_get_thread_num), then a worksharing loop. No lcm annotation.
c  Thread k's part takes 0.1 x (k + 1) s (spin.f90 spins on the wall
c  clock); the routine is replicated code: every thread of the team
c  runs it once, so its width is the team's.
c-----------------------------------------------------------------------
      program replicated
      use omp_lib
      implicit none
      double precision t0, ser
      t0 = omp_get_wtime()
      call spin(0.05d0)
      ser = omp_get_wtime() - t0
      call work
      write (*, '(a,f0.6)') 'serial pc=', ser
      end

      subroutine work
      use omp_lib
      implicit none
      integer i
      double precision w(2), a(2), e(2)
!$omp parallel private(i)
      call makea(omp_get_thread_num(), w)
!$omp do schedule(static, 1)
      do i = 1, 2
         a(i) = omp_get_wtime()
         call spin(0.05d0)
         e(i) = omp_get_wtime()
      end do
!$omp end do
!$omp end parallel
      write (*, '(a,f0.6)') 'makea pc=', w(1) + w(2)
      write (*, '(a,f0.6)') 'loop pc=', sum(e - a)
      end

      subroutine makea(me, w)
      use omp_lib
      implicit none
      integer me
      double precision w(2), t0
      t0 = omp_get_wtime()
      call spin(0.1d0 * (me + 1))
      w(me + 1) = omp_get_wtime() - t0
      end

c     Unannotated OpenMP program for the flow test (UnannotatedFlowTest):
c     20 sweeps, each a serial statement and a parallel loop over n
c     elements; n is the first argument.
      program sweep
      integer n, k
      character*16 arg
      double precision, allocatable :: a(:)
      call get_command_argument(1, arg)
      read (arg, *) n
      allocate (a(n))
      do k = 1, 20
         call work(a, n)
      end do
      print *, a(n)
      end

      subroutine work(a, n)
      integer n, i
      double precision a(n)
      a(1) = 0d0
!$omp parallel do
      do i = 1, n
         a(i) = sqrt(dble(i)) * 2d0
      end do
!$omp end parallel do
      end

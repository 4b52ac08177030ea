      program t
      integer n
      n = 10
      call work(n)
      end

      subroutine work(n)
      integer n, i
      x = 0
!$omp parallel do
      do i = 1, n
         x = i
      end do
!$omp end parallel do
      end

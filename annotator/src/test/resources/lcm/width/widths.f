      program main
c*lcm* model: pc = n
!$omp parallel do
      do i = 1, n
      x = x + 1
      end do
c*lcm* parallel sections
c*lcm* section
      call left
c*lcm* section
      call right
c*lcm* end parallel sections
      call setup
c*lcm* model: pc = 1
!$omp parallel do num_threads(4)
      do i = 1, n
      x = x + 1
      end do
c*lcm* vars: p = p/2
      call half
      end
c*lcm* model: pc = 1
      subroutine left
!$omp parallel do
      do i = 1, n
      x = x + 1
      end do
      end
c*lcm* model: pc = 1
      subroutine right
!$omp parallel do
      do i = 1, n
      x = x + 1
      end do
      end
c*lcm* model: pc = 1
      subroutine setup
      y = 1
      end
c*lcm* model: pc = 1
      subroutine half
!$omp parallel do
      do i = 1, n
      x = x + 1
      end do
      end

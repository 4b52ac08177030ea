c     every blank-free spelling: paralleldo ... endparalleldo
c expect-dag: parallel-loop glued[n](serial w)
      program glued
      integer i, n
!$omp paralleldo private(i)
      do i = 1, n
         call w
      end do
!$omp endparalleldo
      end
      subroutine w
      end

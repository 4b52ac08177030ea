c     step 2: floor((2*n-2)/2)+1 is n in integer arithmetic
c expect-dag: serial step2(loop[n](serial w), loop[m](^w))
      program step2
      integer i, n, m
      do i = 1, 2*n-1, 2
         call w
      end do
      do i = 0, 2*m-2, 2
         call w
      end do
      end
      subroutine w
      end

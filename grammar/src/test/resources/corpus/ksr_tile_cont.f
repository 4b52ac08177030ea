c     KSR tile with a > continuation, NPB style
c expect-dag: parallel-loop ksr[n](serial col)
      program ksr
      integer i, j, n
c*ksr* tile(j, &
c*ksr*& strategy=slice)
      do j = 1, n
         call col(j,
     >            n)
      end do
c*ksr* end tile
      end
      subroutine col(j, n)
      integer j, n
      end

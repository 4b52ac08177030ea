      program t
      call part
      end
      subroutine part
      integer i
c*ksr* tile(i)
      do i=1,10
      end do
c*ksr* end tile
      end

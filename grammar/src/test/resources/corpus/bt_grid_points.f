c     NPB BT style: trip counts from array elements
c expect-dag: loop bt[grid_points_3](loop[grid_points_2-2](loop[grid_points_1-2](serial rhs)))
c expect-text: x grid_points_3
      program bt
      integer grid_points(3), i, j, k
      do k = 0, grid_points(3)-1
         do j = 1, grid_points(2)-2
            do i = 1, grid_points(1)-2
               call rhs(i, j, k)
            end do
         end do
      end do
      end
      subroutine rhs(i, j, k)
      integer i, j, k
      end

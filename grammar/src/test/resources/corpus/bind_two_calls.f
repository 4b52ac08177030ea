c     two calls of one routine with different bindings share one node
c expect-dag: serial two(loop sweep[n](serial cell), ^sweep)
c expect-text: binds n = nx
c expect-text: binds n = ny/2
      program two
      integer nx, ny
      call sweep(nx)
      call sweep(ny/2)
      end
      subroutine sweep(n)
      integer n, i
      do i = 1, n
         call cell
      end do
      end
      subroutine cell
      end

c     c$ and *$ conditional-compilation lines are code with OpenMP on
c expect-dag: serial condc(leaf, serial setup, ^setup, loop[n](serial work))
      program condc
      integer n, i
      n = 100
c$    call setup
*$    call setup
      do i = 1, n
         call work
      end do
      end
      subroutine setup
      end
      subroutine work
      end

c     --no-openmp: conditional-compilation lines stay comments
c expect-options: --no-openmp
c expect-dag: serial condoff(serial work)
      program condoff
!$    call setup
      call work
      end
      subroutine setup
      end
      subroutine work
      end

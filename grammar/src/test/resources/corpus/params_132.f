c     compiled with -ffixed-line-length-132: the parameter statement is whole
c expect-options: --line-length 132
c expect-dag: loop p132[itmax](serial ssor)
      program p132
      integer nx, ny, nz, itmax
      parameter (nx=64, ny=64, nz=64, itmax=250)                                         
      parameter (isiz1=64, isiz2=64, isiz3=64, itmax_default=250, dtdef=0.0008, ipr_default=1)
      do it = 1, itmax
         call ssor
      end do
      end
      subroutine ssor
      end

c     the same code read at 72 columns: a located warning, no leaf
c expect-dag: loop p72[itmax](serial ssor)
c expect-warning: text past column 72 is ignored
c expect-warning: statement cut at column 72 no longer reads as Fortran ('parameter' kept as a declaration)
      program p72
      integer itmax
      parameter (isiz1=64, isiz2=64, isiz3=64, itmax_default=250, dtdef=0.0008, ipr_default=1)
      do it = 1, itmax
         call ssor
      end do
      end
      subroutine ssor
      end

c     two loops ending on one labelled continue, the outer one parallel
c expect-dag: parallel-loop lab[n](loop[m](serial w))
      program lab
      integer i, j, n, m
c$omp parallel do
      do 10 i = 1, n
      do 10 j = 1, m
         call w
   10 continue
      end
      subroutine w
      end

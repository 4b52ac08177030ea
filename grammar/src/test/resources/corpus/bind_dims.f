c     ft style: the callee's model uses its dummies, the caller passes dims(1..3)
c expect-dag: serial ft(loop cffts1[d3](loop[d2](serial fft)))
c expect-text: binds d2 = dims_2, d3 = dims_3
      program ft
      integer dims(3)
      call cffts1(1, dims(1), dims(2), dims(3))
      end
      subroutine cffts1(is, d1, d2, d3)
      integer is, d1, d2, d3, j, k
      do k = 1, d3
         do j = 1, d2
            call fft(d1)
         end do
      end do
      end
      subroutine fft(n)
      integer n
      end

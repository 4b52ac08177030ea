c     task-parallel 2D FFT, reduced: two sections, calls, data annotations
      program main
      include 'fft2d.h'
      real a(n,n,2,itors)
      integer k
c*ksr* parallel sections
c*ksr* section
      do k=1,itors
c*lcm*    output: a(k)
         call initialize(a(1,1,1,k))
      end do
c*ksr* section
      do k=1,itors/2
c*lcm*    input: a(k)
c*lcm*    output: a(k)
         call transpose(a(1,1,1,k))
      end do
c*ksr* end parallel sections
      end
c-----------------------------------------------------------------------
      subroutine initialize(a)
      include 'fft2d.h'
      real a(n,n,2)
      integer i, j
c*lcm* model: pc = n^2/102400
c*lcm* model: li = n*p*sqrt(p)/1600000
c*lcm* model: rc = n^2*max(p - 4, 0)/28300000
c*ksr* tile(j,strategy=slice)
      do j=1,n
         do i=1,n
            a(i,j,1) = real(mod(i*j, 17)) - 8.0
         end do
      end do
c*ksr* end tile
      return
      end
c-----------------------------------------------------------------------
      subroutine transpose(a)
      include 'fft2d.h'
      real a(n,n,2)
      integer i, k
      real t
c*lcm* model: pc = n^2/68300
c*lcm* model: cl = n^2*p/12500000
c*ksr* tile(k,strategy=slice)
      do k=1,n
         do i=k+1,n
            t = a(i,k,1)
            a(i,k,1) = a(k,i,1)
            a(k,i,1) = t
         end do
      end do
c*ksr* end tile
      return
      end

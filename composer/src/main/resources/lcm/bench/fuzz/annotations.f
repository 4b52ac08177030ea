c     annotation lines of every kind, around a small parallel program
      program main
      integer n, itors
      parameter (n = 256, itors = 8)
      real a(n,n,2,itors), x
      integer k
c*ksr* parallel sections
c*ksr* section
      do k=1,itors
c*lcm*    output: a(k)
c*lcm*    input: a(k)
c*lcm* model: pc = n^2*log(n)/142000 + 0.5*max(p - 4, 0)
c*lcm* model: li = n*p*sqrt(p)/1600000
c*lcm* model: ip = 0.002*p
c*lcm* fragment work
         x = x + 1.0
c*lcm* end fragment
      end do
c*ksr* section
c*lcm* iterations: 4
      do k=1,itors/2
c*lcm*    input: a(k)
c*lcm*    output: a(k)
c*lcm* model: cl = n^2*p/25000000
c*lcm* model: rc = n^2*max(p - 4, 0)/28300000
c*lcm* model: sl = 2*log(p)
c*lcm* fragment other
         x = x * 2.0
c*lcm* end fragment
      end do
c*ksr* end parallel sections
      end

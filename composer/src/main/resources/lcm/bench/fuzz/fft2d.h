c     Problem size of the 2D FFT fixtures: n x n complex matrices
c     (real and imaginary planes), itors of them in flight.
      integer n, itors
      parameter (n = 256, itors = 16)

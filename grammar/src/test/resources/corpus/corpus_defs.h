      integer nn
      parameter (nn = 4)

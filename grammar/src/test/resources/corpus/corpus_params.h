      integer nprint
      parameter (nprint = 10)
      nprint2 = nprint

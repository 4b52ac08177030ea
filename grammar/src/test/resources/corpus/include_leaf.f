c     a leaf never spans two files
c expect-dag: serial incl(leaf, leaf, serial w)
      program incl
      include 'corpus_params.h'
      x = 1
      call w
      end
      subroutine w
      end

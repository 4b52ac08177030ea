c     parallelsections / endparallelsections
c expect-dag: parallel secs(serial(serial left), serial(serial right))
      program secs
c$omp parallelsections
c$omp section
      call left
c$omp section
      call right
c$omp endparallelsections
      end
      subroutine left
      end
      subroutine right
      end

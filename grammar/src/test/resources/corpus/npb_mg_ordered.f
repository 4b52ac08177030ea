c     NPB MG style: the loop itself sits on conditional-compilation lines
c expect-dag: serial mg(leaf, serial(leaf, parallel-loop[num_threads](serial(serial psinv))))
      program mg
      integer num_threads, i2, n
!$    integer omp_get_num_threads
      num_threads = 1
!$omp parallel
!$    num_threads = omp_get_num_threads()
!$omp do ordered
!$       do i2=1,num_threads
!$omp ordered
         call psinv(i2)
!$omp end ordered
!$       enddo
!$omp end do
!$omp end parallel
      end
      subroutine psinv(k)
      integer k
      end

! free form: !$ lines are code with OpenMP on
! expect-dag: serial cf(leaf, serial report, serial(serial work))
program cf
  !$ use omp_lib
  integer :: nthreads
  nthreads = 1
  !$ nthreads = omp_get_max_threads()
  !$ call report(nthreads)
  !$omp parallel num_threads(4)
  call work
  !$omp end parallel
end program cf
subroutine report(n)
  integer :: n
end subroutine report
subroutine work
end subroutine work

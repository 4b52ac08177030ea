! sections with blank-free closers
! expect-dag: serial sf(parallel(serial(serial a), serial(serial b)))
program sf
  !$omp parallel
  !$omp sections
  call a
  !$omp section
  call b
  !$omp endsections
  !$omp endparallel
end program sf
subroutine a
end subroutine a
subroutine b
end subroutine b

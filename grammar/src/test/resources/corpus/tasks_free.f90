! tasks created before a taskwait form one parallel node
! expect-dag: serial tk(serial(parallel(serial(serial left), serial(serial right))))
program tk
  !$omp parallel
  !$omp single
  !$omp task
  call left
  !$omp end task
  !$omp task
  call right
  !$omp end task
  !$omp taskwait
  !$omp end single
  !$omp end parallel
end program tk
subroutine left
end subroutine left
subroutine right
end subroutine right

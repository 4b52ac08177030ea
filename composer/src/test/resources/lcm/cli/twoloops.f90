! Two parallel loops, the first run three times: a program measured
! with the sources of another (the debug information names this file).
program twoloops
  implicit none
  integer :: i, k
  double precision :: s(100)
  do k = 1, 3
    !$omp parallel do
    do i = 1, 100
      s(i) = sqrt(dble(i * k))
    end do
    !$omp end parallel do
  end do
  !$omp parallel do
  do i = 1, 100
    s(i) = s(i) + 1
  end do
  !$omp end parallel do
  print *, sum(s)
end program twoloops

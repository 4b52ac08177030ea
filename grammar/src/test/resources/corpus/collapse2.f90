! collapse(2): two loops form one iteration space of n*m
! expect-dag: parallel-loop c2[m*n](serial cell)
program c2
  integer :: i, j, n, m
  !$omp parallel do collapse(2) private(i, j)
  do j = 1, m
    do i = 1, n
      call cell(i, j)
    end do
  end do
  !$omp end parallel do
end program c2
subroutine cell(i, j)
  integer :: i, j
end subroutine cell

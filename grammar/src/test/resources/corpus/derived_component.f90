! derived-type components in bounds become readable variables
! expect-dag: parallel-loop dc[grid_nx](serial cell)
! expect-text: x grid_nx
program dc
  type grid_t
    integer :: nx, ny
  end type grid_t
  type(grid_t) :: grid
  integer :: i
  !$omp parallel do
  do i = 1, grid%nx
    call cell
  end do
end program dc
subroutine cell
end subroutine cell

! collapse(3) over a 3-D grid, orphaned !$omp do inside a parallel region
! expect-dag: serial c3(parallel-loop[nz*ny*nx](serial cell))
program c3
  integer :: i, j, k, nx, ny, nz
  !$omp parallel
  !$omp do collapse(3)
  do k = 1, nz
    do j = 1, ny
      do i = 1, nx
        call cell
      end do
    end do
  end do
  !$omp enddo
  !$omp endparallel
end program c3
subroutine cell
end subroutine cell

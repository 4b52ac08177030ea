! no -D: an #if nobody decides reads its first side, with a warning
! expect-dag: parallel-loop pp3[n](serial w)
! expect-warning: '#ifdef _OPENMP' depends on _OPENMP, which no -D defines; reading its first side
program pp3
  integer :: i, n
#ifdef _OPENMP
  !$omp parallel do
  do i = 1, n
    call w
  end do
#else
  call w
#endif
end program pp3
subroutine w
end subroutine w

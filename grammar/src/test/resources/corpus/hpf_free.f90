! HPF directives in free form
! expect-dag: parallel-loop hpff[n](serial f)
program hpff
  integer, parameter :: n = 64
  real :: x(n)
  !hpf$ distribute x(block)
  !hpf$ independent
  do i = 1, n
    call f(i)
  end do
end program hpff
subroutine f(i)
  integer :: i
end subroutine f

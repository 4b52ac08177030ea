! an array section and a function result cannot be bound: the callee keeps its variable
! expect-dag: serial sect(loop smooth[n](serial cell), ^smooth)
! expect-warning: argument 1 of the call of 'smooth' (a(1:m)) is not a value lcm can bind to 'n'
! expect-warning: argument 1 of the call of 'smooth' (half(m)) is not a value lcm can bind to 'n'
program sect
  integer :: m
  real :: a(100)
  call smooth(a(1:m))
  call smooth(half(m))
end program sect
subroutine smooth(n)
  integer :: n, i
  do i = 1, n
    call cell
  end do
end subroutine smooth
integer function half(k)
  integer :: k
  half = k / 2
end function half
subroutine cell
end subroutine cell

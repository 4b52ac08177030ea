! HPF directives in free form
! expect-warning: hpf_free.f90:7:9: warning: HPF data-mapping directives (distribute) say where data live, not what runs in parallel: lcm skips them (1 line of this file, the first here)
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

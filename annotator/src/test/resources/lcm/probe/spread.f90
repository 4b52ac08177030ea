!-----------------------------------------------------------------------
! Test program for the threads' spread and li from its causes: a
! schedule(static) loop of 40 iterations on 2 threads, run 300 times; each
! iteration spins for 0.2 ms + U(0, 1) ms (drawn before the loop, outside
! the fragment), so each thread's time is the sum of 20 such costs: mean
! 14 ms, standard deviation sqrt(20/12) ms = 1.291 ms, and the expected li
! per execution 2 x 1.291 x emax(2) = 1.457 ms. After each, the same loop
! with every iteration at the mean cost, 0.7 ms (fragment even): no random
! part, so its li is the runtime's own start and end of a loop on 2 threads
! (and what other work on the machine adds), measured beside the other.
!-----------------------------------------------------------------------
program spread
  implicit none
  integer, parameter :: iterations = 40, executions = 300
  double precision :: costs(iterations)
  integer :: e, i
  ! warm up: the runtime starts its threads outside every fragment
  !$omp parallel do
  do i = 1, 2
    call spin(0.05d0)
  end do
  !$omp end parallel do
  do e = 1, executions
    call random_number(costs)
    costs = 0.0002d0 + 0.001d0 * costs
    call imbalanced(costs, iterations)
    costs = 0.0007d0
    call even(costs, iterations)
  end do
end program spread

! keeps a processor busy for the given time (by the clock: a thread the kernel
! takes off its processor for a while still ends at the same time)
subroutine spin(seconds)
  use omp_lib
  implicit none
  double precision, intent(in) :: seconds
  double precision :: t0
  t0 = omp_get_wtime()
  do while (omp_get_wtime() - t0 < seconds)
  end do
end subroutine spin

subroutine imbalanced(costs, n)
  implicit none
  integer, intent(in) :: n
  double precision, intent(in) :: costs(n)
  integer :: i
  !lcm$ model: pc = 1
  !$omp parallel do schedule(static)
  do i = 1, n
    call spin(costs(i))
  end do
  !$omp end parallel do
end subroutine imbalanced

subroutine even(costs, n)
  implicit none
  integer, intent(in) :: n
  double precision, intent(in) :: costs(n)
  integer :: i
  !lcm$ model: pc = 1
  !$omp parallel do schedule(static)
  do i = 1, n
    call spin(costs(i))
  end do
  !$omp end parallel do
end subroutine even

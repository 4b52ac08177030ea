!-----------------------------------------------------------------------
! Known-answer program for lcm measure's OpenMP probe (docs/measure.md):
! each fragment spins for times it constructs, and the program prints
! what it timed itself ("name key=seconds ..."), for the test to compare
! with what lcm measured. Parts of 100-300 ms; spin (spin.f90) spins on
! the wall clock. Every way out of a fragment is here: its end, return,
! go to, exit and cycle.
!-----------------------------------------------------------------------
program knownanswer
  use omp_lib
  implicit none
  double precision :: t, t0, work(2), a1(2), e1(2), x1(2), a2(2), e2(2)
  integer :: i, k
  ! the runtime starts its threads outside every fragment
  !$omp parallel
  call spin(0.05d0)
  !$omp end parallel

  ! a serial fragment
  t = omp_get_wtime()
  !lcm$ fragment serial
  call spin(0.2d0)
  !lcm$ end fragment
  call report('serial', omp_get_wtime() - t, 0d0, 0d0)

  ! an imbalanced parallel loop: 0.3 s and 0.1 s
  t = omp_get_wtime()
  !lcm$ fragment imbalanced
  !$omp parallel do schedule(static, 1) private(t0)
  do i = 1, 2
    t0 = omp_get_wtime()
    call spin(0.1d0 * (5 - 2*i))
    work(i) = omp_get_wtime() - t0
  end do
  !$omp end parallel do
  !lcm$ end fragment
  call report('imbalanced', omp_get_wtime() - t, work(1), work(2))

  ! a balanced one: 0.15 s each
  t = omp_get_wtime()
  !lcm$ fragment balanced
  !$omp parallel do schedule(static, 1) private(t0)
  do i = 1, 2
    t0 = omp_get_wtime()
    call spin(0.15d0)
    work(i) = omp_get_wtime() - t0
  end do
  !$omp end parallel do
  !lcm$ end fragment
  call report('balanced', omp_get_wtime() - t, work(1), work(2))

  ! a fragment inside a loop body: three executions of 0.06 s, 0.04 s outside each
  work = 0
  do k = 1, 3
    t = omp_get_wtime()
    !lcm$ fragment in_loop
    call spin(0.06d0)
    !lcm$ end fragment
    work(1) = work(1) + omp_get_wtime() - t
    call spin(0.04d0)
  end do
  call report('in_loop', work(1), 0d0, 0d0)

  ! nested fragments: 0.1 s + 0.05 s in outer, 0.15 s in inner
  t = omp_get_wtime()
  !lcm$ fragment outer
  call spin(0.1d0)
  t0 = omp_get_wtime()
  !lcm$ fragment inner
  call spin(0.15d0)
  !lcm$ end fragment
  work(2) = omp_get_wtime() - t0
  call spin(0.05d0)
  !lcm$ end fragment
  work(1) = omp_get_wtime() - t
  call report('outer', work(1) - work(2), 0d0, 0d0)
  call report('inner', work(2), 0d0, 0d0)

  ! an early return: 0.12 s in the fragment, then 0.1 s outside it
  t = omp_get_wtime()
  call early(0.12d0, t0)
  call report('early', t0 - t, 0d0, 0d0)
  call spin(0.1d0)

  ! cycle and exit: executions of 0.05, 0.03 and 0.03 s (then 0.02 s outside each)
  work = 0
  do k = 1, 4
    t = omp_get_wtime()
    !lcm$ fragment leave
    call spin(0.03d0)
    if (k == 2) then
      work(1) = work(1) + omp_get_wtime() - t
      cycle
    end if
    if (k == 3) exit
    call spin(0.02d0)
    !lcm$ end fragment
    work(1) = work(1) + omp_get_wtime() - t
    call spin(0.02d0)
  end do
  work(1) = work(1) + omp_get_wtime() - t
  call report('leave', work(1), 0d0, 0d0)

  ! go to out of a fragment: 0.1 s in it, 0.05 s after the label
  t = omp_get_wtime()
  !lcm$ fragment jump
  call spin(0.1d0)
  t0 = omp_get_wtime()
  go to 10
  call spin(1d0)
  !lcm$ end fragment
10 continue
  call report('jump', t0 - t, 0d0, 0d0)
  call spin(0.05d0)

  ! two tasks at once: 0.2 s and 0.1 s
  t = omp_get_wtime()
  !$omp parallel sections private(t0)
  !$omp section
  t0 = omp_get_wtime()
  !lcm$ fragment left
  call spin(0.2d0)
  !lcm$ end fragment
  work(1) = omp_get_wtime() - t0
  !$omp section
  t0 = omp_get_wtime()
  !lcm$ fragment right
  call spin(0.1d0)
  !lcm$ end fragment
  work(2) = omp_get_wtime() - t0
  !$omp end parallel sections
  call report('tasks', omp_get_wtime() - t, work(1), work(2))

  ! worksharing loops in one region: 0.2 s and 0.1 s with a barrier, then 0.15 s and 0.05 s nowait
  ! (thread k runs iteration k + 1: idle in the barrier from its iteration's end until it leaves;
  ! after the nowait loop the early thread idles until the late one ends)
  !$omp parallel
  !lcm$ fragment ws_barrier
  !$omp do schedule(static, 1)
  do i = 1, 2
    a1(i) = omp_get_wtime()
    call spin(0.1d0 * (3 - i))
    e1(i) = omp_get_wtime()
  end do
  !$omp end do
  !lcm$ end fragment
  x1(omp_get_thread_num() + 1) = omp_get_wtime()
  !lcm$ fragment ws_nowait
  !$omp do schedule(static, 1)
  do i = 1, 2
    a2(i) = omp_get_wtime()
    call spin(0.05d0 * (5 - 2*i))
    e2(i) = omp_get_wtime()
  end do
  !$omp end do nowait
  !lcm$ end fragment
  !$omp end parallel
  call report('ws_barrier', 0d0, sum(e1 - a1), sum(x1 - e1))
  call report('ws_nowait', 0d0, sum(e2 - a2), maxval(e2) - minval(e2))
contains
  subroutine report(name, wall, a, b)
    character(len=*), intent(in) :: name
    double precision, intent(in) :: wall, a, b
    write (*, '(a,a,f0.6,a,f0.6,a,f0.6)') name, ' wall=', wall, ' a=', a, ' b=', b
  end subroutine report
end program knownanswer

subroutine early(seconds, left)
  use omp_lib
  implicit none
  double precision, intent(in) :: seconds
  double precision, intent(out) :: left
  !lcm$ fragment early
  call spin(seconds)
  left = omp_get_wtime()
  if (seconds > 0) return
  call spin(1d0)
  !lcm$ end fragment
end subroutine early

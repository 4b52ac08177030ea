!-----------------------------------------------------------------------
! Test program for lcm measure's categories in OpenMP: each fragment does
! work of known length, and the program prints what it timed itself
! ("name wall=S key=S ..."), for the test to compare.
!-----------------------------------------------------------------------
program categories
  use omp_lib
  implicit none
  double precision :: t, work(2), serial, waited(2)
  integer :: i
  ! warm up: the runtime starts its threads outside every fragment
  !$omp parallel do
  do i = 1, 2
    call spin(0.1d0)
  end do
  !$omp end parallel do
  t = omp_get_wtime()
  call unequal(work)
  write (*, '(a,f0.9,a,f0.9,a,f0.9)') 'unequal wall=', omp_get_wtime() - t, ' work0=', work(1), ' work1=', work(2)
  t = omp_get_wtime()
  call serial_between(serial)
  write (*, '(a,f0.9,a,f0.9)') 'serial_between wall=', omp_get_wtime() - t, ' serial=', serial
  t = omp_get_wtime()
  call locked(waited)
  write (*, '(a,f0.9,a,f0.9)') 'locked wall=', omp_get_wtime() - t, ' waited=', waited(1) + waited(2)
end program categories

! keeps a processor busy for the given time
subroutine spin(seconds)
  use omp_lib
  implicit none
  double precision, intent(in) :: seconds
  double precision :: t0
  t0 = omp_get_wtime()
  do while (omp_get_wtime() - t0 < seconds)
  end do
end subroutine spin

subroutine unequal(work)
  use omp_lib
  implicit none
  double precision, intent(out) :: work(2)
  double precision :: t0
  integer :: i
  !lcm$ model: pc = 1
  !$omp parallel do schedule(static, 1) private(t0)
  do i = 1, 2
    t0 = omp_get_wtime()
    call spin(0.08d0 * (4 - 2*i + 1))
    work(i) = omp_get_wtime() - t0
  end do
  !$omp end parallel do
end subroutine unequal

subroutine serial_between(serial)
  use omp_lib
  implicit none
  double precision, intent(out) :: serial
  double precision :: t0
  integer :: i
  !lcm$ model: pc = 1
  !$omp parallel private(t0)
  !$omp do schedule(static, 1)
  do i = 1, 2
    call spin(0.06d0)
  end do
  !$omp end do
  !$omp single
  t0 = omp_get_wtime()
  call spin(0.2d0)
  serial = omp_get_wtime() - t0
  !$omp end single
  !$omp do schedule(static, 1)
  do i = 1, 2
    call spin(0.06d0)
  end do
  !$omp end do
  !$omp end parallel
end subroutine serial_between

subroutine locked(waited)
  use omp_lib
  implicit none
  double precision, intent(out) :: waited(2)
  double precision :: t0
  integer :: i
  !lcm$ model: pc = 1
  !$omp parallel do schedule(static, 1) private(t0)
  do i = 1, 2
    t0 = omp_get_wtime()
    !$omp critical
    waited(i) = omp_get_wtime() - t0
    call spin(0.12d0)
    !$omp end critical
  end do
  !$omp end parallel do
end subroutine locked

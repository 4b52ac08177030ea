!-----------------------------------------------------------------------
! Task parallel 2D FFT in OpenMP, free form: the KSR fixture tp.f with
! its "c*ksr* parallel sections" written as "!$omp parallel sections"
! and each "c*ksr* tile" as "!$omp parallel do" (nested parallelism: each
! section's loops run on a team of their own). Two tasks run at once: the
! first initializes each matrix and transforms its columns, the second
! transposes it and transforms the columns again.
!-----------------------------------------------------------------------
module fft2d_size
  implicit none
  ! problem size: n x n complex matrices, itors of them in flight
  integer, parameter :: n = 256, itors = 16
end module fft2d_size

program main
  use fft2d_size
  implicit none
  real :: a(n, n, 2, itors)
  integer :: k
  call initialize_program
  !$omp parallel sections default(none) &
  !$omp&   shared(a) &
  !$omp&   private(k)
  !$omp section
  do k = 1, itors
    !lcm$ output: a(k)
    call initialize(a(1, 1, 1, k))
    !lcm$ input: a(k)
    !lcm$ output: a(k)
    call cffts(a(1, 1, 1, k))
  end do
  !$omp section
  do k = 1, itors/2
    !lcm$ input: a(k)
    !lcm$ output: a(k)
    call transpose(a(1, 1, 1, k))
    !lcm$ output: a(k)
    call cffts(a(1, 1, 1, k))
  end do
  !$omp end parallel sections
  call print_performance
end program main

!-----------------------------------------------------------------------
!lcm$ model: pc = 0.05
!lcm$ model: ip = 0.05*(p - 1)
subroutine initialize_program
  use fft2d_size
  implicit none
  real :: t0
  common /timing/ t0
  t0 = 0.0
  call cpu_time(t0)
  write (*, *) 'fft2d: n =', n, ' itors =', itors
end subroutine initialize_program

!-----------------------------------------------------------------------
!lcm$ model: pc = 0.01
!lcm$ model: ip = 0.01*(p - 1)
subroutine print_performance
  use fft2d_size
  implicit none
  real :: t0, t1, flops
  common /timing/ t0
  call cpu_time(t1)
  flops = 5.0 * real(n) * real(n) * log(real(n)) / log(2.0)
  flops = flops * 2.0 * real(itors)
  write (*, 100) (t1 - t0), flops / max(t1 - t0, 1.0e-6) / 1.0e6
100 format(' time ', f10.3, ' s  ', f10.1, ' Mflops')
end subroutine print_performance

!-----------------------------------------------------------------------
subroutine initialize(a)
  use fft2d_size
  implicit none
  real, intent(out) :: a(n, n, 2)
  integer :: i, j
  !lcm$ model: pc = n^2/102400
  !lcm$ model: li = n*p*sqrt(p)/1600000
  !lcm$ model: ip = 0.002*p
  !lcm$ model: cl = n^2*p/50000000
  !lcm$ model: rc = n^2*max(p - 4, 0)/28300000
  !$omp parallel do private(i) &
  !$omp&  schedule(static)
  do j = 1, n
    do i = 1, n
      a(i, j, 1) = real(mod(i*j, 17)) - 8.0
      a(i, j, 2) = 0.0
    end do
  end do
  !$omp end parallel do
end subroutine initialize

!-----------------------------------------------------------------------
! The known-answer programs' unit of work: keeps a processor busy until
! the wall clock has moved on by the given time (so that what a program
! constructs is wall time, also on a machine other work shares). In a
! file of its own, which lcm is not given: its calls are plain statements.
!-----------------------------------------------------------------------
subroutine spin(seconds)
  use omp_lib
  implicit none
  double precision, intent(in) :: seconds
  double precision :: t0
  t0 = omp_get_wtime()
  do while (omp_get_wtime() - t0 < seconds)
  end do
end subroutine spin

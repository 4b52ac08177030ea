c     beampropagation style: upper case, ENDDO without a blank
c expect-dag: serial beam(parallel-loop[nz](serial step))
      PROGRAM BEAM
      INTEGER I, NZ
!$OMP PARALLEL
!$OMP DO
      DO I = 1, NZ
         CALL STEP(I)
      ENDDO
!$OMP ENDDO
!$OMP ENDPARALLEL
      END
      SUBROUTINE STEP(I)
      INTEGER I
      END

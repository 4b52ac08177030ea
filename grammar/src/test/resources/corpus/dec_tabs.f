c     DEC tab form: a tab ends the label field
c expect-dag: loop tabs[n](serial w)
	program tabs
	integer i, n
	do 20 i = 1, n
	   call w(i,
	1         n)
20	continue
	end
	subroutine w(i, n)
	integer i, n
	end

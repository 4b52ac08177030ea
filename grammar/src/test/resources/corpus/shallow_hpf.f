c     The idiom of an HPF shallow-water model (fixed form): the fields are
c     aligned with a template and distributed by blocks of columns, the
c     directives continued over two lines; every time step updates the
c     fields in INDEPENDENT loops and copies the periodic boundaries.
c expect-warning: shallow_hpf.f:20:7: warning: HPF data-mapping directives (processors, template, align, distribute, dynamic) say where data live, not what runs in parallel: lcm skips them (5 lines of this file, the first here); 'independent' loops stay parallel loops
c expect-dag: serial shw(leaf, loop[itmax](parallel-loop[n](leaf), parallel-loop[n](leaf), leaf))
c expect-text: parallel-loop shw:28
      program shw
      integer m, n, itmax
      parameter (m = 64, n = 64, itmax = 100)
      real u(m+1,n+1), v(m+1,n+1), p(m+1,n+1)
      real unew(m+1,n+1), vnew(m+1,n+1), pnew(m+1,n+1)
      real uold(m+1,n+1), vold(m+1,n+1), pold(m+1,n+1)
      real cu(m+1,n+1), cv(m+1,n+1), z(m+1,n+1), h(m+1,n+1)
      real dt, dx, dy, alpha
      integer i, j, ncycle
      dt = 90.
      dx = 1.e5
      dy = 1.e5
chpf$ processors procs(4)
chpf$ template domain(m+1,n+1)
chpf$ align with domain :: u, v, p, unew, vnew, pnew,
chpf$* uold, vold, pold, cu, cv, z, h
chpf$ distribute domain(*, block) onto procs
chpf$ dynamic u, v
      alpha = .001
      do 90 ncycle = 1, itmax
chpf$ independent, new(i)
      do 100 j = 1, n
      do 100 i = 1, m
         cu(i+1,j) = .5*(p(i+1,j)+p(i,j))*u(i+1,j)
         cv(i,j+1) = .5*(p(i,j+1)+p(i,j))*v(i,j+1)
         z(i+1,j+1) = (4./dx*(v(i+1,j+1)-v(i,j+1))-4./dy*(u(i+1,j+1)
     1        -u(i+1,j)))/(p(i,j)+p(i+1,j)+p(i+1,j+1)+p(i,j+1))
         h(i,j) = p(i,j)+.25*(u(i+1,j)*u(i+1,j)+u(i,j)*u(i,j)
     1        +v(i,j+1)*v(i,j+1)+v(i,j)*v(i,j))
  100 continue
chpf$ independent, new(i)
      do 200 j = 1, n
      do 200 i = 1, m
         unew(i+1,j) = uold(i+1,j)+dt*(z(i+1,j+1)+z(i+1,j))
     1        *(cv(i+1,j+1)+cv(i,j+1)+cv(i,j)+cv(i+1,j))
     2        -dt*(h(i+1,j)-h(i,j))/dx
         pnew(i,j) = pold(i,j)-dt*(cu(i+1,j)-cu(i,j))/dx
     1        -dt*(cv(i,j+1)-cv(i,j))/dy
  200 continue
      do 300 j = 1, n
         unew(1,j) = unew(m+1,j)
         pnew(m+1,j) = pnew(1,j)
  300 continue
   90 continue
      end

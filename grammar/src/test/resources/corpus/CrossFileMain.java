// calls into classes of another given file (CrossFileSolver.java): a constructor, an instance
// method through a variable and through a new object, a static method, a method reference
// passed to a runner of this file (followed into it) and to a runner of the other file (a call where
// it is passed: runners are followed within their own file); each binds its arguments
// expect-also: CrossFileSolver.java
// expect-dag: serial main(leaf, serial CrossFileSolver(leaf), fragment relax(leaf), loop smooth[m](parallel-loop[m](leaf)), ^CrossFileSolver, ^relax, serial run(^smooth), ^smooth, serial repeat(leaf))
// expect-text: binds rows = n/2
// expect-text: binds rows = n
// expect-text: binds m = 2*n
// expect-text: binds m = size
// expect-text: binds size = n/4
public class CrossFileMain {
    public static void main(String[] args) {
        int n = 1000;
        CrossFileSolver s = new CrossFileSolver(n);
        s.relax(n / 2);
        CrossFileSolver.smooth(2 * n);
        new CrossFileSolver(n).relax(n);
        run(CrossFileSolver::smooth, n / 4);
        CrossFileSolver.repeat(CrossFileSolver::smooth, 3);
    }

    static void run(java.util.function.IntConsumer work, int size) {
        work.accept(size);
    }
}

// The idiom of jsr166's fork/join Jacobi (written for lcm): the grid is cut into a tree of
// tasks by a recursive build (object construction only, so plain code with a warning), and
// every step invokes the tree's root on a pool; a four-way node runs its quarters with invokeAll.
// expect-warning: JacobiTree.java:21:13: warning: recursive fork/join task 'Tree': lcm cannot read how deep it splits
// expect-warning: JacobiTree.java:37:25: warning: recursion build -> build is only computation (no parallel construct below it): its recursive calls are modelled as plain code whose cost lcm cannot expand; give 'build' a 'model:' (or put the call inside a fragment) for its cost
// expect-dag: serial main(leaf, serial build(leaf, serial(serial Leaf(leaf)), leaf, leaf build (recursive), leaf, leaf, leaf, serial Four(leaf)), leaf, loop[steps](parallel-loop(leaf), leaf))
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

public class JacobiTree {
    static final int LEAF_CELLS = 1024;

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int steps = Integer.parseInt(args[1]);
        double[][] a = new double[n][n];
        double[][] b = new double[n][n];
        Tree root = build(a, b, 1, n - 2, 1, n - 2);
        ForkJoinPool pool = new ForkJoinPool();
        for (int step = 0; step < steps; step++) {
            pool.invoke(root);
            root.reinitialize();
            double[][] t = a;
            a = b;
            b = t;
        }
    }

    static Tree build(double[][] a, double[][] b, int lr, int hr, int lc, int hc) {
        int rows = hr - lr + 1;
        int cols = hc - lc + 1;
        if (rows * cols <= LEAF_CELLS) {
            return new Leaf(a, b, lr, hr, lc, hc);
        }
        int mr = (lr + hr) >>> 1;
        int mc = (lc + hc) >>> 1;
        return new Four(build(a, b, lr, mr, lc, mc), build(a, b, lr, mr, mc + 1, hc),
                build(a, b, mr + 1, hr, lc, mc), build(a, b, mr + 1, hr, mc + 1, hc));
    }

    abstract static class Tree extends RecursiveAction {
        double maxDiff;
    }

    static final class Leaf extends Tree {
        final double[][] a;
        final double[][] b;
        final int lr;
        final int hr;
        final int lc;
        final int hc;

        Leaf(double[][] a, double[][] b, int lr, int hr, int lc, int hc) {
            this.a = a;
            this.b = b;
            this.lr = lr;
            this.hr = hr;
            this.lc = lc;
            this.hc = hc;
        }

        @Override
        protected void compute() {
            double md = 0;
            for (int i = lr; i <= hr; i++) {
                for (int j = lc; j <= hc; j++) {
                    double v = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
                    b[i][j] = v;
                    md = Math.max(md, Math.abs(v - a[i][j]));
                }
            }
            maxDiff = md;
        }
    }

    static final class Four extends Tree {
        final Tree q1;
        final Tree q2;
        final Tree q3;
        final Tree q4;

        Four(Tree q1, Tree q2, Tree q3, Tree q4) {
            this.q1 = q1;
            this.q2 = q2;
            this.q3 = q3;
            this.q4 = q4;
        }

        @Override
        protected void compute() {
            invokeAll(q1, q2, q3, q4);
            maxDiff = Math.max(Math.max(q1.maxDiff, q2.maxDiff), Math.max(q3.maxDiff, q4.maxDiff));
        }
    }
}

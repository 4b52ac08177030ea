// a recursive fork/join task run by new ForkJoinPool(k): the recursive parallel node's team is k
// expect-dag: serial main(leaf, parallel-loop[2^ceil(log2(n/1000))](serial compute(leaf, serial Halves(leaf), ^Halves)))
// expect-text: x 2^ceil(log2(n/1000))
// expect-text: vars: p = workers
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

public class PoolTeamForkJoin {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int workers = Integer.parseInt(args[1]);
        double[] a = new double[n];
        ForkJoinPool pool = new ForkJoinPool(workers);
        pool.invoke(new Halves(a, 0, n));
    }
}

class Halves extends RecursiveAction {
    static final int THRESHOLD = 1000;
    final double[] a;
    final int lo;
    final int hi;

    Halves(double[] a, int lo, int hi) {
        this.a = a;
        this.lo = lo;
        this.hi = hi;
    }

    @Override
    protected void compute() {
        if (hi - lo <= THRESHOLD) {
            for (int i = lo; i < hi; i++) {
                a[i] = Math.sqrt(a[i]);
            }
            return;
        }
        int mid = (lo + hi) / 2;
        invokeAll(new Halves(a, lo, mid), new Halves(a, mid, hi));
    }
}

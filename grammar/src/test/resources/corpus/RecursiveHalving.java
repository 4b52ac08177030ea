// jsr166 style: a RecursiveAction that halves its range until a threshold
// expect-dag: serial main(leaf, parallel-loop[2^ceil(log2(n/512))](serial compute(leaf, serial Scale(leaf), ^Scale)))
// expect-text: x 2^ceil(log2(n/512))
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

public class RecursiveHalving {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        double[] a = new double[n];
        new ForkJoinPool().invoke(new Scale(a, 0, n));
    }
}

class Scale extends RecursiveAction {
    static final int THRESHOLD = 512;
    final double[] a;
    final int lo;
    final int hi;

    Scale(double[] a, int lo, int hi) {
        this.a = a;
        this.lo = lo;
        this.hi = hi;
    }

    @Override
    protected void compute() {
        if (hi - lo < THRESHOLD) {
            for (int i = lo; i < hi; i++) {
                a[i] *= 2;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        invokeAll(new Scale(a, lo, mid), new Scale(a, mid, hi));
    }
}

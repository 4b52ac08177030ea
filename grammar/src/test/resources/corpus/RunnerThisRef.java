// a bound method reference (this::relax) passed to a runner that repeats it: the runner's loop holds
// the parallel sweep; the second runner gets two different references, so each stays where it is passed
// expect-dag: serial main(serial RunnerThisRef(leaf), serial solve(loop repeat[times](parallel-loop relax[n](leaf)), ^relax, serial either(leaf), serial scale(leaf), ^either))
import java.util.stream.IntStream;

public class RunnerThisRef {
    final int n;
    final int sweeps;
    final double[] a;

    RunnerThisRef(int n, int sweeps) {
        this.n = n;
        this.sweeps = sweeps;
        this.a = new double[n];
    }

    public static void main(String[] args) {
        new RunnerThisRef(1000, 20).solve();
    }

    void solve() {
        repeat(this::relax, sweeps);
        either(this::relax);
        either(this::scale);
    }

    void repeat(Runnable body, int times) {
        for (int t = 0; t < times; t++) {
            body.run();
        }
    }

    void either(Runnable work) {
        work.run();
    }

    void relax() {
        IntStream.range(0, n).parallel().forEach(i -> a[i] = 0.5 * a[i]);
    }

    void scale() {
        a[0] = 1.0;
    }
}

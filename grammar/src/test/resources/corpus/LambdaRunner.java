// Java 8 in Action style: work passed as a lambda to a method of the sources that runs it
// the lambda becomes a routine of its own (lambda@main:LINE) that stands where the runner invokes it;
// the runner's argument binds the lambda's parameter
// expect-dag: serial main(leaf, loop measurePerf[10](parallel-loop[k]), serial twice(serial(serial sweep(loop[r](leaf))), ^lambda@main:16))
// expect-text: parallel-loop lambda@main:15  x k
// expect-text: binds k = n
// expect-text: binds r = rows
import java.util.function.LongUnaryOperator;
import java.util.stream.LongStream;

public class LambdaRunner {
    public static void main(String[] args) {
        long n = 10_000_000L;
        int rows = 64;
        measurePerf(k -> LongStream.rangeClosed(1, k).parallel().reduce(0L, Long::sum), n);
        twice(() -> sweep(rows));
    }

    static void measurePerf(LongUnaryOperator adder, long n) {
        for (int i = 0; i < 10; i++) {
            adder.applyAsLong(n);
        }
    }

    static void twice(Runnable r) {
        r.run();
        r.run();
    }

    static void sweep(int r) {
        //@lcm vars: q = r
        for (int i = 0; i < r; i++) {
            double x = i;
        }
    }
}
// (the vars: in sweep only makes its loop a node: it sets q, which nothing uses)
// expect-warning: 'vars: q = r' has no effect: no trip count, model or binding of sweep:

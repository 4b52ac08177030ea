// Java 8 in Action style: work passed as a method reference to a method that runs it
// expect-dag: serial main(leaf, parallel-loop parallelSum[n], serial measurePerf(leaf))
import java.util.function.Function;
import java.util.stream.LongStream;

public class MethodReferencePassed {
    public static void main(String[] args) {
        long n = 10_000_000L;
        measurePerf(MethodReferencePassed::parallelSum, n);
    }

    static long parallelSum(long n) {
        return LongStream.rangeClosed(1, n).parallel().reduce(0L, Long::sum);
    }

    static void measurePerf(Function<Long, Long> adder, long n) {
        for (int i = 0; i < 10; i++) {
            adder.apply(n);
        }
    }
}

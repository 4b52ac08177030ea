// Java 8 in Action style: work passed as a method reference to a method that runs it
// the reference is followed into measurePerf: the parallel sum runs where adder.apply(n) is, ten times
// expect-dag: serial main(leaf, loop measurePerf[10](parallel-loop parallelSum[n]))
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

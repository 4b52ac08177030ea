// a statically imported pool: FORK_JOIN_POOL.invoke(task)
// expect-dag: serial main(leaf, parallel-loop[2^ceil(log2(n/10000))](serial compute(leaf, serial Summer(leaf), leaf, ^Summer, leaf)))
import static java.util.Objects.requireNonNull;

import java.util.concurrent.RecursiveTask;

public class StaticPool {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long[] numbers = new long[n];
        requireNonNull(numbers);
        long s = Pools.FORK_JOIN_POOL.invoke(new Summer(numbers, 0, n));
    }
}

class Pools {
    static final java.util.concurrent.ForkJoinPool FORK_JOIN_POOL = new java.util.concurrent.ForkJoinPool();
}

class Summer extends RecursiveTask<Long> {
    static final int THRESHOLD = 10_000;
    final long[] numbers;
    final int start;
    final int end;

    Summer(long[] numbers, int start, int end) {
        this.numbers = numbers;
        this.start = start;
        this.end = end;
    }

    @Override
    protected Long compute() {
        int length = end - start;
        if (length <= THRESHOLD) {
            long sum = 0;
            for (int i = start; i < end; i++) {
                sum += numbers[i];
            }
            return sum;
        }
        Summer left = new Summer(numbers, start, start + length / 2);
        left.fork();
        Summer right = new Summer(numbers, start + length / 2, end);
        return right.compute() + left.join();
    }
}

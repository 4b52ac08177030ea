// a completion service: submit in a loop, take().get() in a loop
// expect-dag: serial main(leaf, parallel(serial(parallel-loop[tasks](serial integrate(leaf))), serial(leaf)), leaf)
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

public class CompletionServiceLoop {
    public static void main(String[] args) throws Exception {
        int tasks = 16;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        ExecutorCompletionService<Double> cs = new ExecutorCompletionService<>(pool);
        for (int i = 0; i < tasks; i++) {
            final int k = i;
            cs.submit(() -> integrate(k));
        }
        double sum = 0;
        for (int i = 0; i < tasks; i++) {
            sum += cs.take().get();
        }
        pool.shutdown();
    }

    static double integrate(int k) {
        return k * 0.5;
    }
}

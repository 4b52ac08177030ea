// an executor: tasks submitted in a loop, futures waited for in another
// expect-dag: serial main(leaf, parallel-loop[n](serial smooth(leaf)))
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

public class ExecutorLoop {
    public static void main(String[] args) throws Exception {
        int n = 64;
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<?>> fs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            final int row = i;
            fs.add(pool.submit(() -> smooth(row)));
        }
        for (Future<?> f : fs) {
            f.get();
        }
        pool.shutdown();
    }

    static void smooth(int row) {
        double s = row;
    }
}

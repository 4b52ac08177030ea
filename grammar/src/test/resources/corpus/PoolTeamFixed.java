// a fixed-size pool is the team of the tasks it runs, as num_threads(k) on an OpenMP loop:
// rows submitted in a loop to Executors.newFixedThreadPool(threads) (a field set by the
// constructor) make a parallel loop whose team is threads; two tasks submitted to a local pool of
// 2 make a parallel node whose team is 2; lcm dag shows the team as 'vars: p = ...'
// expect-dag: serial main(leaf, serial PoolTeamFixed(leaf), serial run(leaf, parallel-loop[n](serial smooth(leaf)), leaf, parallel(serial(^smooth), serial(^smooth))))
// expect-text: vars: p = threads
// expect-text: vars: p = 2
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

public class PoolTeamFixed {
    private final ExecutorService pool;

    PoolTeamFixed(int threads) {
        this.pool = Executors.newFixedThreadPool(threads);
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        new PoolTeamFixed(threads).run(1024);
    }

    void run(int n) throws Exception {
        List<Future<?>> fs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            final int row = i;
            fs.add(pool.submit(() -> smooth(row)));
        }
        for (Future<?> f : fs) {
            f.get();
        }
        ExecutorService two = Executors.newFixedThreadPool(2);
        Future<?> a = two.submit(() -> smooth(0));
        Future<?> b = two.submit(() -> smooth(1));
        a.get();
        b.get();
        two.shutdown();
        pool.shutdown();
    }

    static void smooth(int row) {
        double s = row;
    }
}

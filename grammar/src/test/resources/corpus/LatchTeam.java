// workers count down a latch the main thread waits for
// expect-dag: serial main(leaf, parallel-loop[p](serial work(leaf), leaf))
import java.util.concurrent.CountDownLatch;

public class LatchTeam {
    public static void main(String[] args) throws InterruptedException {
        int p = 8;
        CountDownLatch done = new CountDownLatch(p);
        for (int t = 0; t < p; t++) {
            final int id = t;
            new Thread(() -> {
                work(id);
                done.countDown();
            }).start();
        }
        done.await();
    }

    static void work(int id) {
        double x = id;
    }
}

// threads in a collection, started in one loop and joined in another
// expect-dag: serial main(leaf, parallel-loop[p](serial relax(leaf)))
import java.util.ArrayList;
import java.util.List;

public class ThreadList {
    public static void main(String[] args) throws InterruptedException {
        int p = Integer.parseInt(args[0]);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < p; t++) {
            final int id = t;
            Thread th = new Thread(() -> relax(id));
            workers.add(th);
            th.start();
        }
        for (Thread th : workers) {
            th.join();
        }
    }

    static void relax(int id) {
        double x = id;
        x = x * 2;
    }
}

// a team of threads that meet at a CyclicBarrier between phases
// expect-dag: serial main(leaf, parallel-loop[P](serial phases(serial compute(leaf), ^compute)))
import java.util.concurrent.CyclicBarrier;

public class BarrierTeam {
    static final int P = 4;
    static final CyclicBarrier barrier = new CyclicBarrier(P);

    public static void main(String[] args) throws Exception {
        Thread[] team = new Thread[P];
        for (int t = 0; t < P; t++) {
            final int id = t;
            team[t] = new Thread(() -> phases(id));
            team[t].start();
        }
        for (int t = 0; t < P; t++) {
            team[t].join();
        }
    }

    static void phases(int id) {
        try {
            compute(id);
            barrier.await();
            compute(id);
        } catch (Exception e) {
            return;
        }
    }

    static void compute(int id) {
        double x = id;
    }
}

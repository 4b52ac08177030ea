// Java Grande style: threads in an array, started and joined in loops, runners built in the loop
// expect-dag: serial main(leaf, parallel-loop[nthreads](serial SeriesRunner(leaf), serial run(serial coefficients(leaf))))
public class JgfSeries {
    static int nthreads = 4;
    static int n = 10000;

    public static void main(String[] args) {
        Runnable[] thobjects = new Runnable[nthreads];
        Thread[] th = new Thread[nthreads];
        for (int i = 0; i < nthreads; i++) {
            thobjects[i] = new SeriesRunner(i);
            th[i] = new Thread(thobjects[i]);
            th[i].start();
        }
        for (int i = 0; i < nthreads; i++) {
            try {
                th[i].join();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    static void coefficients(int id) {
        double s = 0;
        for (int k = id; k < n; k += nthreads) {
            s += Math.sin(k);
        }
    }
}

class SeriesRunner implements Runnable {
    final int id;

    SeriesRunner(int id) {
        this.id = id;
    }

    public void run() {
        JgfSeries.coefficients(id);
    }
}

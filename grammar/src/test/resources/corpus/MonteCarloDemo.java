// The idiom of Java Grande's threaded Monte Carlo demo (written for lcm): threads kept in an
// array, each worker prices its share of the runs by calling run() on a pricing object of
// another file; the worker's own run() and the pricer's run() are two routines, told apart by
// the receiver's declared type (no recursion run -> run).
// expect-also: PathPricer.java
// expect-dag: serial main(leaf, parallel(serial(parallel-loop[nthreads-1](serial DemoWorker(leaf), serial run(leaf, loop[high-low](serial PathPricer(leaf), serial PathPricer.run(leaf), leaf)))), serial(^DemoWorker, leaf)))
// expect-text: serial PathPricer.run
public class MonteCarloDemo {
    static int nthreads = 4;
    static int nRuns = 10000;

    public static void main(String[] args) throws InterruptedException {
        Runnable[] workers = new Runnable[nthreads];
        Thread[] th = new Thread[nthreads];
        for (int i = 1; i < nthreads; i++) {
            workers[i] = new DemoWorker(i, nRuns);
            th[i] = new Thread(workers[i]);
            th[i].start();
        }
        workers[0] = new DemoWorker(0, nRuns);
        workers[0].run();
        for (int i = 1; i < nthreads; i++) {
            th[i].join();
        }
    }
}

class DemoWorker implements Runnable {
    final int id;
    final int runs;
    double total;

    DemoWorker(int id, int runs) {
        this.id = id;
        this.runs = runs;
    }

    public void run() {
        int slice = (runs + MonteCarloDemo.nthreads - 1) / MonteCarloDemo.nthreads;
        int low = id * slice;
        int high = Math.min(runs, low + slice);
        for (int r = low; r < high; r++) {
            PathPricer ps = new PathPricer(r);
            ps.run();
            total += ps.result;
        }
    }
}

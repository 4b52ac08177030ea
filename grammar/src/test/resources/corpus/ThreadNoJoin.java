// threads started and never joined: those started in main are gathered and joined at the end of the
// block (with a warning); the thread started in launch() is one lcm reads as serial code: a warning says so
// expect-dag: parallel main(serial(parallel-loop work[k]), serial(^work), serial(serial run(^work)), serial(loop[4](leaf, ^work), ^work, serial launch(leaf)))
// expect-warning: ThreadNoJoin.java:11:9: warning: tasks started here are not waited for in this block; lcm takes the end of the block as their join
// expect-warning: ThreadNoJoin.java:18:13: warning: tasks started here are not waited for in this block
// expect-warning: ThreadNoJoin.java:26:9: warning: 'x.start()' starts a thread that lcm reads as serial code here: it is not started and joined in one block in a form lcm recognizes, so its work is not parallel in the DAG (start and join it in one block, or mark the work with '@lcm parallel sections')
public class ThreadNoJoin {
    static Thread helper;

    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> work(1));
        t.start();
        helper = new Thread(() -> work(2));
        helper.start();
        Worker w = new Worker();
        w.start();
        for (int i = 0; i < 4; i++) {
            Thread u = new Thread(() -> work(3));
            u.setDaemon(true);
            u.start();
        }
        launch(new Thread(() -> work(4)));
    }

    static void launch(Thread x) {
        x.start();
    }

    static void work(int k) {
        java.util.stream.IntStream.range(0, k).parallel().forEach(j -> { });
    }
}

class Worker extends Thread {
    public void run() {
        ThreadNoJoin.work(5);
    }
}

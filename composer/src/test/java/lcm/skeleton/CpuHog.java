package lcm.skeleton;

/** A competing CPU-bound load: {@code args[0]} spinning threads for at most {@code args[1]} seconds. */
public final class CpuHog {

    private CpuHog() {
    }

    public static void main(String[] args) throws InterruptedException {
        int n = Integer.parseInt(args[0]);
        long until = System.nanoTime() + (long) (Double.parseDouble(args[1]) * 1e9);
        Thread[] t = new Thread[n];
        for (int i = 0; i < n; i++) {
            t[i] = new Thread(() -> {
                double x = 1;
                while (System.nanoTime() < until) {
                    for (int k = 0; k < 100_000; k++) {
                        x = x * 0.999999 + 1e-6;
                    }
                }
                if (x == 42) {
                    System.out.println(x);
                }
            });
            t[i].start();
        }
        for (Thread th : t) {
            th.join();
        }
    }
}

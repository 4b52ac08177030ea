/**
 * Test program for lcm measure --co-runner: one memory-bound fragment (a triad over arrays of
 * args[0] elements, args[1] times) that also times itself and prints "sweep-seconds=S".
 */
public class Streaming {

    static double[] a;
    static double[] b;
    static double[] c;

    //@lcm model: pc = 1
    static void sweep(int passes) {
        for (int p = 0; p < passes; p++) {
            for (int i = 0; i < a.length; i++) {
                a[i] = b[i] + 3.0 * c[i];
            }
        }
    }

    static void warm(int passes) {
        for (int p = 0; p < passes; p++) {
            for (int i = 0; i < a.length; i++) {
                a[i] = b[i] + 3.0 * c[i];
            }
        }
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        a = new double[n];
        b = new double[n];
        c = new double[n];
        java.util.Arrays.fill(b, 1.0);
        java.util.Arrays.fill(c, 2.0);
        warm(3);
        long t0 = System.nanoTime();
        sweep(Integer.parseInt(args[1]));
        System.out.println("sweep-seconds=" + (System.nanoTime() - t0) * 1e-9 + " check=" + a[n / 2]);
    }
}

import java.util.stream.IntStream;

/** Unannotated Java program for the flow test (UnannotatedFlowTest): 20 sweeps over -Dn elements. */
public class Sweep {
    public static void main(String[] args) {
        int n = Integer.parseInt(System.getProperty("n", "100000"));
        double[] a = new double[n];
        for (int k = 0; k < 20; k++) {
            work(a, n);
        }
        System.out.println(a[n - 1]);
    }

    static void work(double[] a, int n) {
        a[0] = 0;
        IntStream.range(0, n).parallel().forEach(i -> a[i] = Math.sqrt(i) * 2);
    }
}

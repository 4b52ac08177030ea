import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

/** A small task-parallel program with lcm annotations. */
public class Seed {
    static final int n = 256;
    static final int itors = 8;
    static final double[][][] a = new double[itors][n][n];

    public static void main(String[] args) {
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> {
            for (int k = 0; k < itors; k++) {
                //@lcm output: a[k]
                initialize(a[k]);
            }
        });
        CompletableFuture<Void> second = CompletableFuture.runAsync(() -> {
            for (int k = 0; k < itors / 2; k++) {
                //@lcm input: a[k]
                transpose(a[k]);
            }
        });
        CompletableFuture.allOf(first, second).join();
    }

    //@lcm model: pc = n^2/102400
    //@lcm model: li = n*p*sqrt(p)/1600000
    static void initialize(double[][] m) {
        IntStream.range(0, n).parallel().forEach(j -> {
            for (int i = 0; i < n; i++) {
                m[i][j] = (i * j) % 17 - 8.0;
            }
        });
    }

    //@lcm model: pc = n^2/68300
    //@lcm model: rc = n^2*max(p - 4, 0)/14150000
    static void transpose(double[][] m) {
        IntStream.range(0, n).parallel().forEach(k -> {
            for (int i = k + 1; i < n; i++) {
                double t = m[i][k];
                m[i][k] = m[k][i];
                m[k][i] = t;
            }
        });
    }
}

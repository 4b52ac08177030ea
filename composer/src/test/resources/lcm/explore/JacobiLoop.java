import java.util.stream.IntStream;

/**
 * Jacobi relaxation of two independent Laplace problems on n x n grids, as parallel loops: the
 * grids are solved one after the other, and every sweep is one parallel loop over the grid's
 * interior rows on all processors. JacobiTasks.java is the same program restructured as two
 * tasks (one per grid) that run at once, each sweeping with a parallel loop of its own
 * (docs/validation.md). The routine names are the fragments; they are the same code in both.
 *
 * <p>lcm explore's test copy of fixtures/jacobi/JacobiLoop.java: the input: and output: lines
 * of the run's calls show the two grids independent.
 */
public final class JacobiLoop {

    /** Grid size (-Dn=N), sweeps per grid (pairs of half-sweeps u -> v -> u). */
    static final int n = Integer.getInteger("n", 256);
    static final int sweeps = 50;

    /** Two grids and their second buffers. */
    static final double[][] u0 = new double[n][n];
    static final double[][] v0 = new double[n][n];
    static final double[][] u1 = new double[n][n];
    static final double[][] v1 = new double[n][n];

    /** Warm-up passes before the run (-Dwarmup=W): enough calls for the JIT to compile the row lambdas. */
    static final int warmups = Integer.getInteger("warmup", Math.max(4, 65536 / n));

    static long t0;

    public static void main(String[] args) {
        // The warm-up is no part of the run: lcm measure --from initialize_program leaves it out
        // of the measurement, and zero iterations leave it out of the model.
        //@lcm iterations: 0
        for (int w = 0; w < warmups; w++) {
            initialize(u0, v0, 0);
            sweep(u0, v0);
        }
        initialize_program();
        //@lcm output: u0, v0
        initialize(u0, v0, 0);
        for (int s = 0; s < sweeps; s++) {
            //@lcm input: u0
            //@lcm output: v0
            sweep(u0, v0);
            //@lcm input: v0
            //@lcm output: u0
            sweep(v0, u0);
        }
        //@lcm output: u1, v1
        initialize(u1, v1, 1);
        for (int s = 0; s < sweeps; s++) {
            //@lcm input: u1
            //@lcm output: v1
            sweep(u1, v1);
            //@lcm input: v1
            //@lcm output: u1
            sweep(v1, u1);
        }
        print_performance();
    }

    // first guesses (lcm annotate replaces them by models fitted to measurements)
    //@lcm model: pc = 0.0001
    static void initialize_program() {
        t0 = System.nanoTime();
        System.out.println("jacobi: n = " + n + " sweeps = " + sweeps);
    }

    //@lcm model: pc = 0.0001
    static void print_performance() {
        double seconds = (System.nanoTime() - t0) * 1e-9;
        System.out.printf(" time %10.5f s  mean %.6f%n", seconds, (mean(u0) + mean(u1)) / 2);
    }

    /** The mean of a grid's values (the checksum printed). */
    static double mean(double[][] u) {
        double sum = 0;
        for (double[] row : u) {
            for (double x : row) {
                sum += x;
            }
        }
        return sum / ((double) n * n);
    }

    /** Zero interior, boundary: 1 on the top edge (grid 0) or the left edge (grid 1), 0 elsewhere. */
    static void initialize(double[][] u, double[][] v, int which) {
        //@lcm model: pc = n^2/200000000
        IntStream.range(0, n).parallel().forEach(i -> {
            for (int j = 0; j < n; j++) {
                double b = which == 0 ? (i == 0 ? 1.0 : 0.0) : (j == 0 ? 1.0 : 0.0);
                boolean edge = i == 0 || j == 0 || i == n - 1 || j == n - 1;
                u[i][j] = edge ? b : 0.0;
                v[i][j] = u[i][j];
            }
        });
    }

    /** One Jacobi sweep: to = the average of from's four neighbours, in the interior. */
    static void sweep(double[][] from, double[][] to) {
        //@lcm model: pc = n^2/500000000
        IntStream.range(1, n - 1).parallel().forEach(i -> {
            double[] up = from[i - 1];
            double[] row = from[i];
            double[] down = from[i + 1];
            double[] out = to[i];
            for (int j = 1; j < n - 1; j++) {
                out[j] = 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1]);
            }
        });
    }
}

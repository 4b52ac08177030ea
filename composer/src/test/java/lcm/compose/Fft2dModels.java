package lcm.compose;

/**
 * The fixture fragment models of fixtures/fft2d (docs/fft2d.md), written out by hand in Java
 * so that tests check lcm's composition against an independent computation.
 * Each method returns {pc, li, ip, sl, cl, rc} in processor-seconds at (n, p).
 */
final class Fft2dModels {

    private Fft2dModels() {
    }

    /**
     * Every loop of the fixtures has the same model (docs/fft2d.md, "Fragment models"): Table 5.3's
     * data parallel constants split equally over the 4 x 16 loop executions of a run, in Table 5.2's
     * forms; pc n^2 ln n / (3550 * 64), li n ln n p sqrt(p) / 534540, ip 0, cl n^2 p / 24793600,
     * rc n^2 max(p - 1, 0) / 32160000.
     */
    static double[] loop(double n, double p) {
        return new double[] {n * n * Math.log(n) / 227200, n * Math.log(n) * p * Math.sqrt(p) / 534540, 0, 0,
                n * n * p / 24793600, n * n * Math.max(p - 1, 0) / 32160000};
    }

    static double[] initialize(double n, double p) {
        return loop(n, p);
    }

    static double[] cffts(double n, double p) {
        return loop(n, p);
    }

    static double[] transpose(double n, double p) {
        return loop(n, p);
    }

    /** initialize_program and print_performance: 0.0672 s each on one processor (Table 5.3 DP IP 3.36 = 25 * 0.1344). */
    static final double SERIAL = 0.0672;

    static double sum(double[] c) {
        double s = 0;
        for (double x : c) {
            s += x;
        }
        return s;
    }

    /** Time of one execution on p processors. */
    static double time(double[] c, double p) {
        return sum(c) / p;
    }
}

package lcm.compose;

/**
 * The fixture fragment models of fixtures/fft2d (docs/fft2d.md), written out by hand in Java
 * so that tests check lcm's composition against an independent computation.
 * Each method returns {pc, li, ip, sl, cl, rc} in processor-seconds at (n, p).
 */
final class Fft2dModels {

    private Fft2dModels() {
    }

    static double[] initialize(double n, double p) {
        return new double[] {n * n / 102400, n * p * Math.sqrt(p) / 1600000, 0.002 * p, 0,
                n * n * p / 50000000, n * n * Math.max(p - 4, 0) / 28300000};
    }

    static double[] cffts(double n, double p) {
        return new double[] {n * n * Math.log(n) / 142000, n * Math.log(n) * p * Math.sqrt(p) / 2300000, 0.002 * p, 0,
                n * n * p / 25000000, n * n * Math.max(p - 4, 0) / 28300000};
    }

    static double[] transpose(double n, double p) {
        return new double[] {n * n / 68300, n * p * Math.sqrt(p) / 1100000, 0.002 * p, 0,
                n * n * p / 12500000, n * n * Math.max(p - 4, 0) / 14150000};
    }

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

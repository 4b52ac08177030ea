// The pricing object of MonteCarloDemo.java: a run() of its own (written for lcm).
public class PathPricer {
    static final int STEPS = 1000;
    final long seed;
    double result;

    PathPricer(long seed) {
        this.seed = seed;
    }

    public void run() {
        java.util.Random rnd = new java.util.Random(seed);
        double s = 100.0;
        for (int t = 0; t < STEPS; t++) {
            s *= Math.exp(0.0001 + 0.01 * rnd.nextGaussian());
        }
        result = Math.max(s - 100.0, 0.0);
    }
}

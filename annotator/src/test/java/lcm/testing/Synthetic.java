package lcm.testing;

import lcm.measure.Measurement;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;

/** Synthetic measurement series for tests: y = f(x) * (1 + noise * N(0,1)), fixed seeds. */
public final class Synthetic {

    public static final double[] P = {1, 2, 4, 8, 12, 16, 24, 32};
    public static final double[] N = {64, 128, 256, 384, 512, 768, 1024, 2048};

    private Synthetic() {
    }

    public static List<Measurement> series(String variable, double[] xs, String quantity, DoubleUnaryOperator f,
                                           double noise, long seed) {
        return series(variable, xs, quantity, f, noise, seed, false);
    }

    /**
     * @param additive false: y = f(x) (1 + noise N(0,1)); true: y = f(x) + noise * mean(f) * N(0,1),
     *                 the constant-variance errors that least-squares confidence intervals assume
     */
    public static List<Measurement> series(String variable, double[] xs, String quantity, DoubleUnaryOperator f,
                                           double noise, long seed, boolean additive) {
        Random random = new Random(seed);
        double mean = 0;
        for (double x : xs) {
            mean += Math.abs(f.applyAsDouble(x)) / xs.length;
        }
        List<Measurement> out = new ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
            double fx = f.applyAsDouble(xs[i]);
            double y = additive ? fx + noise * mean * random.nextGaussian() : fx * (1 + noise * random.nextGaussian());
            out.add(new Measurement("", Map.of(variable, xs[i], quantity, y), SourceLocation.of(Path.of("<synthetic>"), i + 1, 1)));
        }
        return out;
    }
}

package lcm.fit;

import lcm.annotation.Category;
import lcm.measure.Measurement;
import lcm.source.SourceLocation;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The fitting benchmark (docs/fitting.md): fit 1,000 fragment-category series of 6 points each
 * against all default candidates of their category, with the normal-form search on for every
 * series. Series cycle through the categories and through p = 1..32 and n = 64..2048, with
 * values from a typical form and 2 % noise; with {@code distinct}, every series has its own x values
 * (each point moved by up to +-10 %), so that no design can be reused. Only the fitting is timed.
 */
public final class FitBenchmark {

    /** The figure: total wall time and the per-series average. */
    public record Figure(int series, int points, boolean distinct, double seconds, double cpuSeconds) {
        public double microsPerSeries() {
            return seconds * 1e6 / series;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "fit %d series x %d points, %s x (all default candidates + normal-form search): "
                    + "%.3f s (%.0f us per series; %.3f s CPU)", series, points, distinct ? "distinct" : "repeated", seconds,
                    microsPerSeries(), cpuSeconds);
        }
    }

    private static final double[] P = {1, 2, 4, 8, 16, 32};
    private static final double[] N = {64, 128, 256, 512, 1024, 2048};
    private static final Category[] CATEGORIES = Category.values();

    private FitBenchmark() {
    }

    /** Generates {@code count} series and times fitting them all with one {@link ModelFitter}. */
    public static Figure run(int count, long seed, boolean distinct) {
        List<FitRequest> requests = requests(count, seed, distinct);
        ModelFitter fitter = new ModelFitter(CandidateTable.defaults());
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
        long start = System.nanoTime();
        int selected = 0;
        for (FitRequest r : requests) {
            if (fitter.fit(r).selected() >= 0) {
                selected++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = cpu < 0 ? Double.NaN : (threads.getCurrentThreadCpuTime() - cpu) / 1e9;
        if (selected != count) {
            throw new IllegalStateException("only " + selected + " of " + count + " series could be fitted");
        }
        return new Figure(count, P.length, distinct, seconds, cpuSeconds);
    }

    /** The default: 1,000 series after a warm-up of 200. */
    /** The default with repeated x values. */
    public static Figure run() {
        return run(false);
    }

    public static Figure run(boolean distinct) {
        run(200, 1, distinct);
        return run(1000, 42, distinct);
    }

    static List<FitRequest> requests(int count, long seed, boolean distinct) {
        Random random = new Random(seed);
        Path file = Path.of("<benchmark>");
        List<FitRequest> out = new ArrayList<>(count);
        for (int s = 0; s < count; s++) {
            Category c = CATEGORIES[s % CATEGORIES.length];
            boolean byP = (s / CATEGORIES.length) % 2 == 0;
            String variable = byP ? "p" : "n";
            double[] xs = byP ? P : N;
            double a = 0.5 + random.nextDouble();
            double b = 1 + 10 * random.nextDouble();
            List<Measurement> ms = new ArrayList<>();
            for (int i = 0; i < xs.length; i++) {
                double x = distinct ? xs[i] * (1 + 0.2 * (random.nextDouble() - 0.5)) : xs[i];
                double y = switch (s % 4) {
                    case 0 -> a * x * Math.sqrt(x) + b;
                    case 1 -> a * Math.log(x) / Math.log(2) + b;
                    case 2 -> b + a * 100 / x;
                    default -> a * x + b;
                };
                y *= 1 + 0.02 * random.nextGaussian();
                ms.add(new Measurement("f" + s, Map.of(variable, x, c.key(), y), SourceLocation.of(file, s + 1, i + 1)));
            }
            out.add(new FitRequest(ms, c.key(), c, List.of(variable), List.of(), true, true));
        }
        return out;
    }

    public static void main(String[] args) {
        System.out.println(run(false));
        System.out.println(run(true));
    }
}

package lcm.bench;

import lcm.expr.NumberText;
import lcm.annotation.Category;
import lcm.fit.CandidateTable;
import lcm.fit.FitRequest;
import lcm.fit.ModelFitter;
import lcm.measure.Measurement;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The fit figures: 1,000 fragment-category series of 6 points each against every default
 * candidate of their category plus the normal-form search, once with the x values every series
 * shares (p = 1, 2, 4, ... 32 or n = 64 ... 2048) and once with each series' own x values (each
 * point moved by up to 20 %, as measured sizes and processor counts often are), so that nothing
 * fitted for one series can be reused by the next.
 */
public final class FitFigures {

    private static final double[] P = {1, 2, 4, 8, 16, 32};
    private static final double[] N = {64, 128, 256, 512, 1024, 2048};
    private static final Category[] CATEGORIES = Category.values();

    private FitFigures() {
    }

    public static List<Figure> run(int series, int runs) {
        List<Figure> out = new ArrayList<>();
        for (boolean distinct : new boolean[] {false, true}) {
            List<FitRequest> requests = requests(series, 42, distinct);
            ModelFitter fitter = new ModelFitter(CandidateTable.defaults());
            Sample s = Measure.runs(2, runs, () -> {
                int selected = 0;
                for (FitRequest r : requests) {
                    if (fitter.fit(r).selected() >= 0) {
                        selected++;
                    }
                }
                if (selected != series) {
                    throw new IllegalStateException("only " + selected + " of " + series + " series fitted");
                }
                return selected;
            });
            Figure f = Figure.seconds(distinct ? "fit.distinct" : "fit.shared", "fit " + NumberText.count(series)
                    + " series x 6 points, " + (distinct ? "distinct" : "shared") + " x values", s, 1.0);
            out.add(f.withNote(NumberText.fixed(s.wallMedian() * 1e6 / series, 0) + " us per series"));
        }
        return out;
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
                double x = distinct ? xs[i] * (1 + 0.2 * random.nextDouble()) : xs[i];
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
}

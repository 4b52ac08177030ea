package lcm.bench;

import lcm.bench.ComposeBenchmark.Figure;
import lcm.compare.CompareBenchmark;

import java.nio.file.Path;
import java.util.List;

/** {@code lcm bench --only compare}: the timings of {@link CompareBenchmark} as figures beside their targets. */
public final class CompareFigures {

    private CompareFigures() {
    }

    /** {@code root}: the repository root holding fixtures/. */
    public static List<Figure> run(Path root, int points) {
        CompareBenchmark.Timings t = CompareBenchmark.run(root, points);
        long cells = (long) t.points() * t.points();
        return List.of(
                new Figure("compare 3 models on a " + t.points() + " x " + t.points() + " grid (compiled)", t.total(), "s",
                        "<= 1 s"),
                new Figure("  evaluate and pick the best at each point", t.grid(), "s", "-"),
                new Figure("  evaluation rate", 3 * cells / t.grid(), "evals/s", "-"),
                new Figure("  crossovers by bisection (" + t.crossovers() + " found)", t.bisection(), "s", "-"),
                new Figure("  regions (" + t.regions() + " rectangles)", t.mapping(), "s", "-"),
                new Figure("  compile the 3 models once (Janino)", t.compile(), "s", "-"));
    }
}

package lcm.bench;

import lcm.compare.CompareBenchmark;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;

import java.nio.file.Path;
import java.util.List;

/**
 * The compare figure: the numeric part of lcm compare (grid, crossovers, regions) of three models
 * on a 1000 x 1000 grid, as {@link CompareBenchmark} times it, once per run after one warm-up.
 */
public final class CompareFigures {

    private CompareFigures() {
    }

    /** {@code home}: the folder holding fixtures/. */
    public static List<Figure> run(Path home, int runs) {
        once(home);
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            long c0 = Measure.processCpuNanos();
            CompareBenchmark.Timings t = once(home);
            cpu[i] = (Measure.processCpuNanos() - c0) / 1e9;
            wall[i] = t.total();
        }
        return List.of(Figure.seconds("compare.grid", "compare 3 models on a 1000 x 1000 grid (compiled)",
                new Sample(wall, cpu, 0), 1.0).withNote("wall: grid, crossovers and regions; cpu: the whole run"
                + " (loading, composing and compiling the models, a 200 x 200 warm-up)"));
    }

    /** One run, reading the sources afresh. */
    private static CompareBenchmark.Timings once(Path home) {
        SourceRegistry sources = new SourceRegistry();
        ProgramReader reader = new ProgramReader(sources);
        return CompareBenchmark.run(home, 1000, sources, files -> reader.read(files).orThrow());
    }
}

package lcm.compare;

import lcm.expr.Processors;
import lcm.machine.MachineDescriptionReader;
import lcm.compose.ComposeOptions;
import lcm.dag.Program;
import lcm.source.SourceRegistry;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code lcm bench --only compare}: three models (the composed tp.f and dp.f of fixtures/fft2d
 * and fixtures/compare/fft2d_synthetic.lcm) over a 1000 x 1000 grid of (n, p): compiled
 * evaluation, the best model at each point, crossovers on every grid line and the regions.
 * Composition and the symbolic part are not timed. The seconds go to lcm.bench, which prints them.
 */
public final class CompareBenchmark {

    private CompareBenchmark() {
    }

    /** What one run measured: seconds per stage, what they found, and the compile time of the models. */
    public record Timings(int points, double grid, double bisection, double mapping, int crossovers, int regions,
                          double compile) {
        public double total() {
            return grid + bisection + mapping;
        }
    }

    /**
     * {@code root}: the repository root holding fixtures/; {@code reader}: the program of source
     * files (lcm.frontend.ProgramReader over {@code sources}, handed in: compare sees no front end).
     */
    public static Timings run(Path root, int points, SourceRegistry sources, Function<List<Path>, Program> reader) {
        ComposeOptions options = ComposeOptions.defaults().withoutSimplification()
                .withMachine(MachineDescriptionReader.read(root.resolve("fixtures/machines/ksr1.machine"), sources));
        List<Alternative> loaded = new AlternativeLoader(sources, options, reader).loadAll(List.of(
                root.resolve("fixtures/fft2d/tp.f").toString(), root.resolve("fixtures/fft2d/dp.f").toString(),
                root.resolve("fixtures/compare/fft2d_synthetic.lcm").toString()));
        List<Alternative> models = loaded.stream().map(m -> m.fix(Map.of("itors", 16.0))).toList();
        // warm up the JIT on a smaller grid
        numeric(models, domain(200));
        Domain domain = domain(points);
        long t0 = System.nanoTime();
        CompiledModels compiled = new CompiledModels(models, domain);
        double compile = (System.nanoTime() - t0) / 1e9;
        Stage s = numeric(compiled, domain);
        return new Timings(points, s.grid(), s.bisection(), s.mapping(), s.crossovers(), s.regions(), compile);
    }

    private record Stage(double grid, double bisection, double mapping, int crossovers, int regions) {
    }

    private static Stage numeric(List<Alternative> models, Domain domain) {
        return numeric(new CompiledModels(models, domain), domain);
    }

    private static Stage numeric(CompiledModels compiled, Domain domain) {
        long t0 = System.nanoTime();
        Grid grid = Grid.evaluate(domain, compiled);
        long t1 = System.nanoTime();
        List<Crossover> crossovers = new CrossoverFinder(domain, compiled).onGrid(grid);
        long t2 = System.nanoTime();
        List<Region> regions = new RegionMapper(domain, grid, compiled).regions();
        long t3 = System.nanoTime();
        return new Stage((t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, crossovers.size(), regions.size());
    }

    private static Domain domain(int points) {
        return new Domain(List.of(new Axis("n", 64, 1024, points), new Axis(Processors.NAME, 1, 32, points)), Map.of(), Map.of());
    }
}

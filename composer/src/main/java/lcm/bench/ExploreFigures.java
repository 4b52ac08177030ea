package lcm.bench;

import lcm.compose.ComposeOptions;
import lcm.dag.Program;
import lcm.explore.Exploration;
import lcm.explore.Explorer;
import lcm.frontend.ProgramReader;
import lcm.machine.MachineDescriptionReader;
import lcm.source.SourceRegistry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The explore figure: variants of the task parallel 2D FFT (fixtures/fft2d/tp.f, on the KSR1)
 * searched to depth 3, each composed once and evaluated at 25 points (n = 64 to 1024, p = 2 to
 * 32), per second, against issue 32's 10^3 (docs/explore.md). One warm-up run first.
 */
public final class ExploreFigures {

    /** The target: variants composed and evaluated per second. */
    static final double TARGET = 1000;

    private ExploreFigures() {
    }

    /** {@code home}: the folder holding fixtures/. */
    public static List<Figure> run(Path home, int runs) {
        once(home);
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        int variants = 0;
        for (int i = 0; i < runs; i++) {
            long c0 = Measure.processCpuNanos();
            long w0 = System.nanoTime();
            variants = once(home).search().variants();
            wall[i] = (System.nanoTime() - w0) / 1e9;
            cpu[i] = (Measure.processCpuNanos() - c0) / 1e9;
        }
        return List.of(Figure.rate("explore.variants", "explore tp.f to depth 3: variants composed and evaluated at "
                + "25 points", new Sample(wall, cpu, 0), variants, "variants/s", TARGET)
                .withNote(variants + " variants per run, reading the sources included"));
    }

    private static Exploration once(Path home) {
        SourceRegistry sources = new SourceRegistry();
        ComposeOptions options = ComposeOptions.defaults().withoutSimplification().withMachine(
                MachineDescriptionReader.read(home.resolve("fixtures/machines/ksr1.machine"), sources));
        Program tp = new ProgramReader(sources).read(List.of(home.resolve("fixtures/fft2d/tp.f"))).orThrow();
        List<Map<String, Double>> points = new ArrayList<>();
        for (double n = 64; n <= 1024; n *= 2) {
            for (double p = 2; p <= 32; p *= 2) {
                points.add(Map.of("n", n, "p", p, "itors", 16.0));
            }
        }
        return new Explorer(options, new Explorer.Limits(3, 2000, Duration.ofSeconds(60))).explore("tp.f", tp, points);
    }
}

package lcm.bench;

import lcm.compose.ComposeOptions;
import lcm.dag.Program;
import lcm.explore.Exploration;
import lcm.explore.Explorer;
import lcm.frontend.ProgramReader;
import lcm.machine.MachineDescriptionReader;
import lcm.source.SourceRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The explore figures: variants composed and evaluated at 25 points (n = 64 to 1024, p = 2 to 32)
 * per second, against issue 32's 10^3 (docs/explore.md, "Search"). Three definitions side by side:
 * {@code explore.variants}, the first, reads the sources of the task parallel 2D FFT
 * (fixtures/fft2d/tp.f, on the KSR1) in every timed run and searches them to depth 3 (22
 * variants), one warm-up run first; {@code explore.variants.read-once} times the same search with
 * the sources read once before it, after 10 warm-up runs: the rate the target names;
 * {@code explore.variants.generated} searches a generated program of 16 fragments and calls of
 * shared subroutines (lcm bench's compose program, {@link GeneratedProgram}) to depth 3, 176
 * variants, read once.
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
        List<Figure> out = new ArrayList<>();
        out.add(Figure.rate("explore.variants", "explore tp.f to depth 3: variants composed and evaluated at "
                + "25 points", new Sample(wall, cpu, 0), variants, "variants/s", TARGET)
                .withNote(variants + " variants per run, reading the sources included"));
        SourceRegistry sources = new SourceRegistry();
        Program tp = new ProgramReader(sources).read(List.of(home.resolve("fixtures/fft2d/tp.f"))).orThrow();
        out.add(readOnce("explore.variants.read-once", "explore tp.f to depth 3, its sources read once: variants "
                + "composed and evaluated at 25 points", tp, home, sources, 50, runs));
        Path generated;
        try {
            generated = Files.createTempFile("lcm-explore-bench", ".f");
            Files.writeString(generated, GeneratedProgram.write(16, 4, 42));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Program g = new ProgramReader(sources).read(List.of(generated)).orThrow();
            out.add(readOnce("explore.variants.generated", "explore a generated program of 16 fragments and calls "
                    + "to depth 3, read once: variants composed and evaluated at 25 points", g, home, sources, 2, runs));
        } finally {
            try {
                Files.deleteIfExists(generated);
            } catch (IOException ignored) {
                // a temporary file left behind
            }
        }
        return out;
    }

    private static Figure readOnce(String key, String label, Program program, Path home, SourceRegistry sources,
                                   int warmups, int runs) {
        ComposeOptions options = options(home, sources);
        int[] variants = new int[1];
        Sample s = Measure.runs(warmups, runs, () -> {
            Exploration e = explore(program, options);
            variants[0] = e.search().variants();
            return e;
        });
        return Figure.rate(key, label, s, variants[0], "variants/s", TARGET)
                .withNote(variants[0] + " variants per run, the sources read once before the runs");
    }

    private static ComposeOptions options(Path home, SourceRegistry sources) {
        return ComposeOptions.defaults().withoutSimplification().withMachine(
                MachineDescriptionReader.read(home.resolve("fixtures/machines/ksr1.machine"), sources));
    }

    private static Exploration once(Path home) {
        SourceRegistry sources = new SourceRegistry();
        ComposeOptions options = options(home, sources);
        Program tp = new ProgramReader(sources).read(List.of(home.resolve("fixtures/fft2d/tp.f"))).orThrow();
        return explore(tp, options);
    }

    private static Exploration explore(Program program, ComposeOptions options) {
        List<Map<String, Double>> points = new ArrayList<>();
        for (double n = 64; n <= 1024; n *= 2) {
            for (double p = 2; p <= 32; p *= 2) {
                points.add(Map.of("n", n, "p", p, "itors", 16.0));
            }
        }
        return new Explorer(options, new Explorer.Limits(3, 2000, Duration.ofSeconds(60))).explore("tp.f", program, points);
    }
}

package lcm.bench;

import lcm.expr.CompiledExpr;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.pipeline.Pipeline;
import lcm.expr.Expr;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.symbolic.Simplifier;
import lcm.symbolic.SymjaBridge;
import lcm.algebra.Alg;

import java.util.HashMap;
import java.util.Locale;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The composer's benchmark figures (docs/design.md#performance). */
public final class ComposeBenchmark {

    private ComposeBenchmark() {
    }

    /** A figure: what was measured, the number, its unit, the target. */
    public record Figure(String name, double value, String unit, String target) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%-52s %12.3f %-10s (target %s)", name, value, unit, target);
        }
    }

    /** Parse, build and compose a generated program of {@code fragments} fragments, {@code depth} deep. */
    public static List<Figure> compose(int fragments, int depth) throws Exception {
        String text = GeneratedProgram.write(fragments, depth, 42);
        Path dir = Files.createTempDirectory("lcm-bench");
        Path file = dir.resolve("generated.f");
        Files.writeString(file, text);
        // warm up on a smaller program
        composeOnce(GeneratedProgram.write(Math.max(10, fragments / 20), depth, 7), dir.resolve("warm.f"));
        System.gc();
        Runtime rt = Runtime.getRuntime();
        long before = rt.totalMemory() - rt.freeMemory();
        PeakHeap peak = PeakHeap.start();
        long t0 = System.nanoTime();
        ComposedModel m = composeOnce(text, file);
        double seconds = (System.nanoTime() - t0) / 1e9;
        long peakBytes = peak.stop();
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir.resolve("warm.f"));
        Files.deleteIfExists(dir);
        long lines = text.lines().count();
        return List.of(
                new Figure("compose " + fragments + " fragments, depth " + depth + " (" + lines + " lines)", seconds,
                        "s", "<= 5 s"),
                new Figure("  peak heap while composing", Math.max(peakBytes, before) / 1048576.0, "MiB", "<= 1024 MiB"),
                new Figure("  model size (characters of T_P)", m.time().text().length(), "chars", "-"));
    }

    private static ComposedModel composeOnce(String text, Path file) throws Exception {
        Files.writeString(file, text);
        SourceRegistry sources = new SourceRegistry();
        sources.register(SourceText.of(file, text));
        return new Pipeline(sources).compose(List.of(file),
                ComposeOptions.defaults().withoutSimplification(), new Diagnostics());
    }

    /** Evaluate a composed model at {@code points} (n, p, itors) points, compiled vs Symja per point. */
    public static List<Figure> evaluate(Path source, int points) {
        SourceRegistry sources = new SourceRegistry();
        ComposedModel m = new Pipeline(sources).compose(List.of(source),
                ComposeOptions.defaults().withoutSimplification(), new Diagnostics());
        List<String> vars = m.variables();
        long t0 = System.nanoTime();
        CompiledExpr compiled = CompiledExpr.compile(m.time(), vars);
        double compileSeconds = (System.nanoTime() - t0) / 1e9;
        double[] x = new double[vars.size()];
        double sink = 0;
        // warm-up
        for (int i = 0; i < 200_000; i++) {
            fill(x, vars, i);
            sink += compiled.eval(x);
        }
        t0 = System.nanoTime();
        for (int i = 0; i < points; i++) {
            fill(x, vars, i);
            sink += compiled.eval(x);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        // Symja, one point at a time
        SymjaBridge bridge = new SymjaBridge(vars);
        int symjaPoints = 100;
        long s0 = System.nanoTime();
        for (int i = 0; i < symjaPoints; i++) {
            fill(x, vars, i);
            Map<String, Expr> values = new HashMap<>();
            for (int k = 0; k < vars.size(); k++) {
                values.put(vars.get(k), Alg.num(x[k]));
            }
            Expr at = Alg.substitute(m.time(), values);
            Double v = Simplifier.run(() -> Simplifier.numeric(bridge.toSymja(at)), Duration.ofSeconds(30));
            sink += v == null ? 0 : v;
        }
        double symjaRate = symjaPoints / ((System.nanoTime() - s0) / 1e9);
        if (sink == 42.4242) {
            System.out.print("");
        }
        return List.of(
                new Figure("evaluate T_P of " + source.getFileName() + " at " + points + " points (compiled)", seconds,
                        "s", "<= 0.5 s"),
                new Figure("  compiled rate", points / seconds, "points/s", "-"),
                new Figure("  Symja rate, one point at a time", symjaRate, "points/s", "-"),
                new Figure("  compile once (Janino)", compileSeconds, "s", "-"));
    }

    private static void fill(double[] x, List<String> vars, int i) {
        for (int k = 0; k < vars.size(); k++) {
            String v = vars.get(k);
            x[k] = switch (v) {
                case "n" -> 64 + (i % 961);
                case "p" -> 1 + (i / 961) % 64;
                default -> 1 + (i % 32);
            };
        }
    }
}

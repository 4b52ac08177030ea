package lcm.cli;

import lcm.bench.CompiledModelBenchmark;
import lcm.bench.ParseBenchmark;
import lcm.fit.FitBenchmark;
import lcm.trace.TraceBenchmark;
import lcm.bench.ComposeBenchmark;
import lcm.bench.CompareFigures;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code lcm bench}: the performance figures of docs/design.md#performance, one line each. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Run the benchmarks of docs/design.md#performance and print one line per figure.")
public final class BenchCommand implements Callable<Integer> {

    @ParentCommand
    private LcmCommand root;

    @Option(names = "--only", split = ",", paramLabel = "NAME",
            description = "Run only these: parse, compose, eval, compare, fit, trace.")
    private List<String> only;

    @Option(names = "--fragments", defaultValue = "10000", description = "Fragments of the generated program.")
    private int fragments;

    @Override
    public Integer call() throws Exception {
        Set<String> run = only == null
                ? new LinkedHashSet<>(List.of("parse", "compose", "eval", "compare", "fit", "trace"))
                : new LinkedHashSet<>(only);
        root.out().println("lcm bench on " + Runtime.getRuntime().availableProcessors() + " cores, Java "
                + System.getProperty("java.version") + ", max heap "
                + Runtime.getRuntime().maxMemory() / 1048576 + " MiB");
        if (run.contains("parse")) {
            root.out().println(ParseBenchmark.measure(100_000, 5) + "   (target >= 100,000 lines/s)");
        }
        if (run.contains("compose")) {
            for (ComposeBenchmark.Figure f : ComposeBenchmark.compose(fragments, 10)) {
                root.out().println(f);
            }
        }
        if (run.contains("eval")) {
            Path tp = Home.fixture("fft2d/tp.f");
            for (ComposeBenchmark.Figure f : ComposeBenchmark.evaluate(tp, 1_000_000)) {
                root.out().println(f);
            }
            CompiledModelBenchmark.run().forEach(root.out()::println);
        }
        if (run.contains("compare")) {
            Path repo = Home.root();
            for (ComposeBenchmark.Figure f : CompareFigures.run(repo, 1000)) {
                root.out().println(f);
            }
        }
        if (run.contains("fit")) {
            root.out().println(FitBenchmark.run() + "   (target <= 1 s)");
        }
        if (run.contains("trace")) {
            root.out().println(TraceBenchmark.run().line() + "   (target <= 10 s)");
        }
        return ExitCode.OK;
    }
}

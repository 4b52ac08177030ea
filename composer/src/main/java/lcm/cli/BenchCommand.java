package lcm.cli;

import lcm.bench.ComposeBenchmark;
import lcm.compare.CompareBenchmark;
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

/** {@code lcm bench}: the performance figures of DESIGN 11, one line each. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Run the benchmarks of DESIGN 11 and print one line per figure.")
public final class BenchCommand implements Callable<Integer> {

    @ParentCommand
    private LcmCommand lcm;

    @Option(names = "--only", split = ",", paramLabel = "NAME",
            description = "Run only these: compose, eval, compare.")
    private List<String> only;

    @Option(names = "--fragments", defaultValue = "10000", description = "Fragments of the generated program.")
    private int fragments;

    @Override
    public Integer call() throws Exception {
        Set<String> run = only == null ? new LinkedHashSet<>(List.of("compose", "eval", "compare")) : new LinkedHashSet<>(only);
        lcm.out().println("lcm bench on " + Runtime.getRuntime().availableProcessors() + " cores, Java "
                + System.getProperty("java.version") + ", max heap "
                + Runtime.getRuntime().maxMemory() / 1048576 + " MiB");
        if (run.contains("compose")) {
            for (ComposeBenchmark.Figure f : ComposeBenchmark.compose(fragments, 10)) {
                lcm.out().println(f);
            }
        }
        if (run.contains("eval")) {
            Path tp = Path.of("fixtures/fft2d/tp.f");
            if (!Files.isRegularFile(tp)) {
                throw UserError.of("bench eval needs fixtures/fft2d/tp.f: run it from the repository root");
            }
            for (ComposeBenchmark.Figure f : ComposeBenchmark.evaluate(tp, 1_000_000)) {
                lcm.out().println(f);
            }
        }
        if (run.contains("compare")) {
            Path root = Path.of("").toAbsolutePath();
            if (!Files.isRegularFile(root.resolve("fixtures/compare/fft2d_synthetic.lcm"))) {
                throw UserError.of("bench compare needs fixtures/: run it from the repository root");
            }
            for (ComposeBenchmark.Figure f : CompareBenchmark.run(root, 1000)) {
                lcm.out().println(f);
            }
        }
        return ExitCode.OK;
    }
}

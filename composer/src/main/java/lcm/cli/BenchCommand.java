package lcm.cli;

import lcm.bench.BenchReport;
import lcm.bench.CompareFigures;
import lcm.bench.ExploreFigures;
import lcm.bench.ComposeBenchmark;
import lcm.bench.EvalBenchmark;
import lcm.bench.Figure;
import lcm.bench.FitFigures;
import lcm.bench.ParseFigures;
import lcm.bench.ReadFigures;
import lcm.bench.StartupFigures;
import lcm.bench.TraceFigures;
import lcm.report.Format;
import lcm.source.SourceLocation;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code lcm bench}: the performance figures, each the median of several timed runs after
 * warm-up with its spread, CPU time beside wall time, the peak heap, its target and its ratio
 * to an anchor (docs/bench.md).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = FuzzCommand.class,
        description = {"Run the benchmarks and print each figure: median and spread over several timed runs after "
                + "warm-up, CPU time beside wall time, peak heap, target and anchor (see docs/bench.md).",
                "Sections: parse, compose, eval, compare, fit, read, trace, startup."})
public final class BenchCommand implements Callable<Integer>, FormatOption.Holder {

    static final List<String> SECTIONS = List.of("parse", "compose", "eval", "compare", "explore", "fit", "read", "trace",
            "startup");

    @ParentCommand
    private LcmCommand root;

    @Option(names = "--only", split = ",", paramLabel = "NAME",
            description = "Run only these sections: parse, compose, eval, compare, explore, fit, read, trace, startup.")
    private List<String> only;

    @Option(names = "--runs", defaultValue = "5", paramLabel = "N", description = "Timed runs per figure (default 5).")
    private int runs;

    @Option(names = "--sizes", split = ",", paramLabel = "N", defaultValue = "1000,10000,100000",
            description = "Leaves of the generated programs for compose (default 1000,10000,100000).")
    private int[] sizes;

    @Option(names = "--trace-events", defaultValue = "1000000", paramLabel = "N",
            description = "Events of the generated .sync trace (the .prv and .json ones get a fifth).")
    private long traceEvents;

    @Option(names = "--read-lines", defaultValue = "10000000", paramLabel = "N",
            description = "Lines of the generated pp file that lcm fit reads (section read; default 10^7).")
    private long readLines;

    @Option(names = "--read-runs-of", defaultValue = "100000", paramLabel = "N",
            description = "Executions per run of that file (default 100000, the probe's long runs; 200: many short runs, "
                    + "the run-heavy shape whose points lcm samples, figure read.pp.runs200).")
    private int readRunsOf;

    private final FormatOption format = FormatOption.of("text or json (the format of a baseline file).", Format.json);

    @Override
    public FormatOption format() {
        return format;
    }

    @Option(names = "--json", hidden = true, description = "Old name of --format json.")
    private boolean oldJson;

    @Option(names = "--compare", paramLabel = "BASELINE",
            description = "Also print each figure's ratio to this baseline (an earlier lcm bench --format json).")
    private Path baseline;

    LcmCommand root() {
        return root;
    }

    @Override
    public Integer call() throws Exception {
        if (oldJson) {
            root.renamed("--json", "--format json");
        }
        boolean json = oldJson || format.is(Format.json);
        Set<String> run = new LinkedHashSet<>(only == null ? SECTIONS : only);
        for (String s : run) {
            if (!SECTIONS.contains(s)) {
                throw UserError.of("unknown section '" + s + "' in --only (expected one of " + String.join(", ",
                        SECTIONS) + ")");
            }
        }
        if (readRunsOf < 1) {
            throw UserError.of("--read-runs-of must be at least 1 (was " + readRunsOf + ")");
        }
        if (runs < 1 || runs > 100) {
            throw UserError.of("--runs must be between 1 and 100 (was " + runs + ")");
        }
        for (int size : sizes) {
            if (size < 2 || size > 10_000_000) {
                // a generated program needs a fragment with a model (leaf 0) beside a call (leaf 1)
                throw UserError.of("--sizes: each size must be between 2 and 10,000,000 leaves (was " + size + ")");
            }
        }
        Map<String, double[]> base = baseline == null ? null : readBaseline(baseline);
        Map<String, String> machine = BenchReport.machine();
        if (!json) {
            root.out().println("lcm bench: " + machine.get("cores") + " cores, Java " + machine.get("java")
                    + ", max heap " + machine.get("maxHeapMiB") + " MiB, load average " + machine.get("loadAverage")
                    + " (1 min) at the start; " + runs + " timed runs per figure after"
                    + " warm-up; the figure is the median");
            root.out().flush();
        }
        Path home = Home.fixtures().getParent(); // the folder holding fixtures/: the repository or a copy of the jar's
        List<Figure> figures = new ArrayList<>();
        for (String section : run) {
            List<Figure> got = switch (section) {
                case "parse" -> ParseFigures.run(100_000, runs);
                case "compose" -> ComposeBenchmark.run(home.resolve("fixtures/machines/ksr1.machine"), sizes, runs);
                case "eval" -> EvalBenchmark.run(1_000_000, 10_000, runs);
                case "compare" -> CompareFigures.run(home, runs);
                case "explore" -> ExploreFigures.run(home, runs);
                case "fit" -> FitFigures.run(1000, runs);
                case "read" -> ReadFigures.run(readLines, Math.min(runs, 3), readRunsOf);
                case "trace" -> TraceFigures.run(Main::run, traceEvents, traceEvents / 5, 64, runs);
                case "startup" -> StartupFigures.run(Home.root(), runs, true); // times the launcher: needs the repository
                default -> throw new IllegalStateException(section);
            };
            figures.addAll(got);
            if (!json) {
                got.forEach(f -> root.out().print(f.text()));
                root.out().flush();
            }
        }
        if (json) {
            root.out().print(BenchReport.json(machine, figures));
        }
        if (base != null) {
            (json ? root.err() : root.out()).print(BenchReport.compare(figures, base, baseline.toString()));
        }
        return ExitCode.OK;
    }

    private static Map<String, double[]> readBaseline(Path file) {
        try {
            return BenchReport.readBaseline(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw UserError.of("cannot read baseline " + file + ": no such file");
        } catch (IOException e) {
            throw UserError.at(SourceLocation.of(file, 1, 1), "not a baseline file: " + e.getMessage());
        }
    }
}

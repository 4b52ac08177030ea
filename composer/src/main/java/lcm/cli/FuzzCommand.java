package lcm.cli;

import lcm.bench.fuzz.FuzzFormat;
import lcm.bench.fuzz.FuzzFormats;
import lcm.bench.fuzz.Fuzzer;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code lcm bench fuzz N}: N mutated inputs of each format through the CLI, in-process, each
 * judged as the test suite's fuzz test does (docs/reliability.md); failing inputs are saved.
 */
@Command(name = "fuzz", mixinStandardHelpOptions = true,
        description = "Run N mutated inputs of every input format through lcm in-process and count the outcomes: "
                + "exit 0, exit 2 with a located diagnostic, or a failure (saved for replay). See docs/reliability.md.")
public final class FuzzCommand implements Callable<Integer> {

    @ParentCommand
    private BenchCommand bench;

    @Parameters(index = "0", paramLabel = "N", description = "Inputs per format.")
    private int count;

    @Option(names = "--formats", split = ",", paramLabel = "NAME",
            description = "Only these formats (fixed, free, java, annotations, pp, csv, extrap, lcm, machine, sync, "
                    + "mpt, paraver, chrome).")
    private List<String> formats;

    @Option(names = "--seed", defaultValue = "1994", paramLabel = "S", description = "The mutation seed (default 1994).")
    private long seed;

    @Option(names = "--from", defaultValue = "0", paramLabel = "I", description = "The first input's index.")
    private int from;

    @Option(names = "--budget", defaultValue = "5", paramLabel = "S", description = "Seconds each input may take.")
    private double budget;

    @Option(names = "--save", defaultValue = "lcm-fuzz-failures", paramLabel = "DIR",
            description = "Where failing inputs are written (default ./lcm-fuzz-failures).")
    private Path save;

    @Override
    public Integer call() {
        if (count < 1) {
            throw UserError.of("N must be at least 1 (was " + count + ")");
        }
        if (!(budget > 0) || Double.isInfinite(budget)) {
            throw UserError.of("--budget must be a positive number of seconds");
        }
        List<FuzzFormat> run;
        try {
            run = formats == null ? FuzzFormats.all() : formats.stream().map(FuzzFormats::named).toList();
        } catch (IllegalArgumentException e) {
            throw UserError.of(e.getMessage() + " (--formats)");
        }
        var out = bench.root().out();
        Fuzzer fuzzer = new Fuzzer(Main::run, budget, save);
        int failures = 0;
        for (FuzzFormat f : run) {
            Fuzzer.Report r = fuzzer.run(f, seed, from, count);
            out.println(r.line());
            for (Fuzzer.Outcome o : r.failures()) {
                out.println("    input " + o.index() + " " + o.kinds() + ": " + o.problem());
            }
            out.flush();
            failures += r.failures().size();
        }
        if (failures > 0) {
            out.println(failures + " failing inputs saved in " + save);
        }
        return ExitCode.OK;
    }
}

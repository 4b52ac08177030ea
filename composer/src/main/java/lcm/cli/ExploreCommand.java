package lcm.cli;

import lcm.compose.ComposeOptions;
import lcm.dag.Program;
import lcm.explore.BestMap;
import lcm.explore.Exploration;
import lcm.explore.ExploreJson;
import lcm.explore.ExploreMarkdown;
import lcm.explore.ExplorePoints;
import lcm.explore.ExploreText;
import lcm.explore.Explorer;
import lcm.explore.Ranked;
import lcm.explore.VariantSources;
import lcm.fit.CandidateTable;
import lcm.frontend.ProgramReader;
import lcm.report.Format;
import lcm.source.UserError;
import lcm.validate.FittedComposition;
import lcm.validate.ResampledPrograms;
import lcm.validate.ValidationRequest;
import lcm.values.Point;
import lcm.values.Ranges;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcm explore FILE...}: the restructurings lcm can compose, predicted and ranked (docs/explore.md). */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = {"Propose restructurings of the program's parallel structure that lcm's rules can compose "
                + "(tasks to loops and back, serial loops), predict each and rank them against the program as it is.",
                "See docs/explore.md."})
public final class ExploreCommand implements Callable<Integer>, FormatOption.Holder {

    @ParentCommand
    private LcmCommand root;

    @Mixin
    private ProgramArguments program;

    @Option(names = "--at", paramLabel = "k=v,...", converter = Converters.At.class,
            description = "A point to evaluate the variants at, e.g. n=1024,p=26 (repeatable).")
    private List<Point> at = new ArrayList<>();

    @Option(names = "--range", paramLabel = "v=FROM:TO,...", converter = Converters.RangeList.class,
            description = "Evaluate over a range (each variable's listed values, else 5 from end to end) and draw "
                    + "the best-structure map of the top variants.")
    private Ranges range;

    @Option(names = "--fix", paramLabel = "v=X,...", converter = Converters.Fix.class,
            description = "With --range: fixed values of other variables (repeatable).")
    private List<Point> fix = new ArrayList<>();

    @Option(names = "--top", paramLabel = "K", defaultValue = "10", description = "Variants shown with their edits "
            + "and diffs (default 10).")
    private int top;

    @Option(names = "--depth", paramLabel = "D", defaultValue = "2", description = "Edits per variant at most (default 2).")
    private int depth;

    @Option(names = "--beam", paramLabel = "B", defaultValue = "2000", description = "Variants kept per depth when "
            + "there are more: the best B by predicted time (default 2000).")
    private int beam;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "20", converter = Seconds.class,
            description = "Time limit of the search (default 20).")
    private Duration limit;

    @Option(names = "--data", paramLabel = "FILE", description = "Measurements (pp, CSV, Extra-P) to fit every "
            + "fragment's models on first, as lcm validate --data does; the sources are not changed.")
    private Path data;

    @Option(names = "--resamples", paramLabel = "R", defaultValue = "0", description = "With --data: fit the models "
            + "also to R bootstrap resamples of the runs and judge two variants equal where the 90 %% interval of their "
            + "paired difference contains 0 (default 0: equal only where they predict the same times; each resample "
            + "is a fit of every fragment).")
    private int resamples;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "" + ValidationRequest.SEED,
            description = "Seed of the resampling (default ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--write", paramLabel = "N", description = "Write variant N's sources into --out (directive "
            + "edits only).")
    private Integer write;

    @Option(names = "--out", paramLabel = "DIR", description = "With --write: the folder to write into (never the "
            + "sources' own).")
    private Path out;

    private final FormatOption format = FormatOption.of("text, markdown or json (docs/explore.md#json-output).", Format.markdown, Format.json);

    @Override
    public FormatOption format() {
        return format;
    }

    @Override
    public Integer call() {
        if (depth < 1 || top < 1 || beam < 1) {
            throw UserError.of("--depth, --top and --beam must be at least 1");
        }
        if ((write == null) != (out == null)) {
            throw UserError.of("--write N and --out DIR go together");
        }
        if (resamples < 0) {
            throw UserError.of("--resamples " + resamples + ": a count of resamples is 0 or more");
        }
        if (resamples > 0 && data == null) {
            throw UserError.of("--resamples needs --data RUNS: the models are fitted to resamples of those runs");
        }
        Point fixed = fix.isEmpty() ? null : Point.merge(fix, "--fix");
        ExplorePoints points = new ExplorePoints(at, range, fixed);
        ComposeOptions options = program.composition.options(Duration.ZERO, false, root.sources());
        Program program = program(options);
        List<Program> resampled = List.of();
        if (resamples > 0) {
            ResampledPrograms r = ResampledPrograms.of(fitter(options), this.program.files, data, root.sources(), resamples,
                    seed);
            r.warning().ifPresent(root::warn);
            resampled = r.programs();
        }
        Exploration e = new Explorer(options, new Explorer.Limits(depth, beam, limit)).explore(name(), program, points,
                resampled);
        VariantSources sources = new VariantSources(root.sources());
        if (write != null) {
            Ranked chosen = e.variant(write).orElseThrow(() -> UserError.of("--write " + write + ": there is no variant "
                    + write + " (0 to " + (e.ranked().size() - 1) + ")"));
            for (Path p : sources.write(chosen.variant(), out)) {
                root.out().println("wrote " + p);
            }
            return ExitCode.OK;
        }
        Map<Integer, String> diffs = new LinkedHashMap<>();
        e.ranked().stream().filter(r -> !r.variant().original()).limit(top)
                .forEach(r -> sources.diff(r.variant()).ifPresent(d -> diffs.put(r.number(), d)));
        if (format.is(Format.json)) {
            root.out().print(ExploreJson.render(e, diffs));
        } else if (format.is(Format.markdown)) {
            root.out().print(ExploreMarkdown.render(e, top, diffs));
            if (range != null) {
                root.out().print("\n## Best structure over the range\n\n```\n" + BestMap.of(e, range, fixed, top).text() + "```\n");
            }
        } else {
            root.out().print(ExploreText.render(e, top, diffs));
            if (range != null) {
                root.out().print("\n" + BestMap.of(e, range, fixed, top).text());
            }
        }
        root.out().flush();
        e.warnings().forEach(root::warn);
        return ExitCode.OK;
    }

    private Program program(ComposeOptions options) {
        if (data == null) {
            var read = new ProgramReader(root.sources(), program.reading.fortran()).read(program.files);
            root.warn(read.warnings());
            return read.orThrow();
        }
        return fitter(options).program(program.files, FittedComposition.runs(data, root.sources()));
    }

    private FittedComposition fitter(ComposeOptions options) {
        return new FittedComposition(root.sources(), options, program.reading.fortran(), CandidateTable.defaults());
    }

    private String name() {
        return String.join("+", program.files.stream().map(Path::toString).toList());
    }
}

package lcm.cli;

import lcm.compare.Alternative;
import lcm.compare.AlternativeLoader;
import lcm.compare.CompareReport;
import lcm.compare.CompareRequest;
import lcm.compare.ComparePlots;
import lcm.compare.Comparer;
import lcm.compare.Comparison;
import lcm.compose.ComposeOptions;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lcm compare A B [C ...]}: alternative structures side by side (docs/design.md#stages-and-what-flows-between-them, docs/cli.md; docs/compare.md). */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare the models of alternative parallel structures: T_P of each, their difference, "
                + "speedup and best p, crossovers and the best structure over a range, plots.",
                "MODEL: an annotated source, composed first, or a model file (.lcm: model: and vars: lines).",
                "A program of several source files: main.f+fft.f",
                "See docs/compare.md."})
public final class CompareCommand implements Callable<Integer> {

    @ParentCommand
    private LcmCommand lcm;

    @Parameters(arity = "2..*", paramLabel = "MODEL", description = "Two or more alternatives.")
    private List<String> models;

    @Mixin
    private CompositionOptions composition;

    @Option(names = "--range", paramLabel = "v=FROM:TO,...",
            description = "One or two ranging variables (default: n=64:1024,p=1:32 for those the models have).")
    private String range;

    @Option(names = "--fix", paramLabel = "v=X,...", description = "Fixed values of other variables, e.g. itors=16 "
            + "(repeatable).")
    private List<String> fix = new ArrayList<>();

    @Option(names = "--points", paramLabel = "N",
            description = "Grid points per axis, at least 2 (default 1001 for one axis, 201 for two).")
    private Integer points;

    @Option(names = "--bars", paramLabel = "v=X,...", description = "A point for the per-category bars, a value for "
            + "every ranging variable (repeatable; default: across p at the largest n).")
    private List<String> bars = new ArrayList<>();

    @Option(names = "--plot", paramLabel = "OUT", description = "Write the plots OUT-time, OUT-ratio, OUT-map and "
            + "OUT-categories, each as PNG and SVG; OUT may be a folder.")
    private Path plot;

    @Option(names = "--report", paramLabel = "DIR", description = "Write a report folder: compare.md with the "
            + "plots, compare.json and compare.csv.")
    private Path report;

    @Option(names = "--force", description = "With --report: write into a folder that holds other files and no "
            + "earlier report (refused otherwise).")
    private boolean force;

    @Option(names = "--format", defaultValue = "text", description = "text, markdown, csv, json (docs/design.md#json-contract) or latex.")
    private CompareReport.Format format;

    @Option(names = "--symbolic-seconds", defaultValue = "2", paramLabel = "S", converter = Seconds.class,
            description = "Time limit of each symbolic step (simplification, also when composing; derivative; "
                    + "solving dT/dp = 0).")
    private Duration limit;

    @Override
    public Integer call() {
        if (limit.isZero()) {
            throw UserError.of("--symbolic-seconds must be above 0, not 0");
        }
        Path prefix = plot == null ? null : ComparePlots.prefix(plot);
        if (prefix != null) {
            ComparePlots.checkWritable(prefix);
        }
        if (report != null) {
            CompareReport.checkFolder(report, force);
        }
        ComposeOptions options = composition.options(limit, true, lcm.sources());
        List<Alternative> alternatives = new AlternativeLoader(lcm.sources(), options).loadAll(models);
        if (points != null && points < 2) {
            throw UserError.of("--points " + points + ": need at least 2 points per axis");
        }
        CompareRequest request = new CompareRequest(range, fix.isEmpty() ? null : String.join(",", fix),
                points == null ? 0 : points, bars,
                limit);
        Comparison comparison = new Comparer(request).compare(alternatives);
        CompareReport out = new CompareReport(comparison);
        if (prefix != null) {
            out.writePlots(prefix);
        }
        if (report != null) {
            out.writeFolder(report);
        }
        lcm.out().print(out.render(format));
        lcm.out().flush();
        // also on stderr: stdout may go to a file or a pipe, a warning must still be seen
        comparison.warnings().forEach(w -> lcm.err().println("lcm: warning: " + w));
        return ExitCode.OK;
    }
}

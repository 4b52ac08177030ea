package lcm.cli;

import lcm.antlr.Parsed;
import lcm.report.DominantTerms;
import lcm.symbolic.Simplifier;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.dag.Program;
import lcm.frontend.ProgramReader;
import lcm.report.ComposeReport;
import lcm.source.UserError;
import lcm.values.Point;
import lcm.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code lcm compose FILE...}: the program model composed from its fragment models (docs/design.md#model-semantics). */
@Command(name = "compose", mixinStandardHelpOptions = true,
        description = "Compose the fragment models of the program formed by FILE... into T_P and its lost-cycle "
                + "categories, with variable rules, structural rules and data traces.")
public final class ComposeCommand implements Callable<Integer>, FormatOption.Holder {


    @ParentCommand
    private LcmCommand root;

    @Mixin
    private ProgramArguments program;

    @Option(names = "--at", paramLabel = "k=v,...", converter = Converters.At.class,
            description = "Evaluate at this point, e.g. n=1024,p=26.")
    private Point at;

    @Option(names = "--explain", description = "List every rule applied: node, source location, rule, expression.")
    private boolean explain;

    private final FormatOption format = FormatOption.of("text, json (docs/design.md#json-contract) or latex.", Format.json, Format.latex);

    @Override
    public FormatOption format() {
        return format;
    }

    @Option(names = "--symbolic-seconds", defaultValue = "0", paramLabel = "S", converter = Seconds.class,
            description = "Also run Symja's Simplify on the results, within S seconds in total "
                    + "(default 0: lcm's own exact normal form only; Symja takes about a second to start).")
    private Duration symbolicLimit;

    @Option(names = "--simplify-seconds", hidden = true, paramLabel = "S", converter = Seconds.class,
            description = "Old name of --symbolic-seconds.")
    private Duration oldSimplifySeconds;

    @Option(names = "--simplify", description = "Same as --symbolic-seconds 2.")
    private boolean simplify;

    @Option(names = "--terms", paramLabel = "K",
            description = "With --at: print the K largest terms of T_P at the point, with their category and share.")
    private Integer terms;

    @Override
    public Integer call() {
        if (oldSimplifySeconds != null) {
            root.renamed("--simplify-seconds", "--symbolic-seconds");
            symbolicLimit = oldSimplifySeconds;
        }
        if (simplify && symbolicLimit.isZero()) {
            symbolicLimit = Duration.ofSeconds(2);
        }
        if (!symbolicLimit.isZero()) {
            Simplifier.warmUp(); // Symja starts while the sources are parsed
        }
        ComposeOptions options = program.composition.options(symbolicLimit, !symbolicLimit.isZero(), root.sources());
        if (!explain) {
            options = options.withoutRules(); // the rules are printed with --explain only
        }
        Parsed<Program> read = new ProgramReader(root.sources(), program.reading.fortran()).read(program.files);
        ComposedModel model = new Composer(options).compose(read.orThrow());
        // on stderr in every format, each once: the front end's with their source lines first, before a
        // --at that names a variable the model lacks fails (the warning may be why it lacks it)
        root.warn(read.warnings());
        Optional<Map<String, Double>> values = at == null ? Optional.empty()
                : Optional.of(at.completeFor(model.variables(), model.defaults(), "--at"));
        ComposeReport report = new ComposeReport(model, values);
        try { // printed as made: a large model's text is never held whole
            switch (format.get()) {
                case json -> report.writeJson(root.out());
                case latex -> root.out().print(report.latex());
                default -> report.writeText(explain, root.out());
            }
        } catch (IOException cannot) {
            throw new UncheckedIOException(cannot); // a PrintStream keeps its errors to itself
        }
        if (terms != null) {
            if (terms < 1) {
                throw UserError.of("--terms " + terms + ": give at least 1 term");
            }
            if (values.isEmpty()) {
                throw UserError.of("--terms needs a point: give --at");
            }
            root.out().print(DominantTerms.report(model, values.get(), terms));
        }
        report.warnings().forEach(root::warn);
        return ExitCode.OK;
    }
}

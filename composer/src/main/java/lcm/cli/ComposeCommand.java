package lcm.cli;

import lcm.symbolic.Simplifier;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.MachineReader;
import lcm.pipeline.Pipeline;
import lcm.report.ComposeReport;
import lcm.report.Point;
import lcm.source.Diagnostics;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code lcm compose FILE...}: the program model composed from its fragment models (docs/design.md#model-semantics). */
@Command(name = "compose", mixinStandardHelpOptions = true,
        description = "Compose the fragment models of the program formed by FILE... into T_P and its lost-cycle "
                + "categories, with variable rules, structural rules and data traces.")
public final class ComposeCommand implements Callable<Integer> {

    enum Format { text, json, latex }

    @ParentCommand
    private LcmCommand root;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Annotated sources of one program.")
    private List<Path> files;

    @Option(names = "--machine", paramLabel = "M", description = "Machine file (latency, bandwidth, rc) for data transfers.")
    private Path machine;

    @Option(names = "--at", paramLabel = "k=v,...", description = "Evaluate at this point, e.g. n=1024,p=26.")
    private String at;

    @Option(names = "--explain", description = "List every rule applied: node, source location, rule, expression.")
    private boolean explain;

    @Option(names = "--format", defaultValue = "text", description = "text, json (docs/design.md#json-contract) or latex.")
    private Format format;

    @Option(names = "--real-bytes", defaultValue = "4", paramLabel = "B",
            description = "Bytes of a default REAL (like a compiler's -r8: 8).")
    private int realBytes;

    @Option(names = "--symbolic-seconds", defaultValue = "0", paramLabel = "S",
            description = "Also run Symja's Simplify on the results, within S seconds in total "
                    + "(default 0: lcm's own exact normal form only; Symja takes about a second to start).")
    private double simplifySeconds;

    @Option(names = "--simplify-seconds", hidden = true, paramLabel = "S", description = "Old name of --symbolic-seconds.")
    private Double oldSimplifySeconds;

    @Option(names = "--simplify", description = "Same as --symbolic-seconds 2.")
    private boolean simplify;

    @Override
    public Integer call() {
        if (oldSimplifySeconds != null) {
            root.renamed("--simplify-seconds", "--symbolic-seconds");
            simplifySeconds = oldSimplifySeconds;
        }
        if (simplify && simplifySeconds == 0) {
            simplifySeconds = 2;
        }
        if (simplifySeconds > 0) {
            Simplifier.warmUp(); // Symja starts while the sources are parsed
        }
        if (realBytes != 4 && realBytes != 8) {
            throw UserError.of("--real-bytes must be 4 or 8, not " + realBytes);
        }
        Point point = at == null ? null : Point.parse(at, "--at");
        ComposeOptions options = ComposeOptions.defaults().withRealBytes(realBytes);
        options = new ComposeOptions(options.machine(), realBytes,
                Duration.ofMillis((long) (simplifySeconds * 1000)), simplifySeconds > 0);
        if (machine != null) {
            options = options.withMachine(MachineReader.read(machine, root.sources()));
        }
        Diagnostics diagnostics = new Diagnostics();
        ComposedModel model = new Pipeline(root.sources()).compose(files, options, diagnostics);
        Optional<Map<String, Double>> values = point == null ? Optional.empty()
                : Optional.of(point.completeFor(model.variables(), model.defaults(), "--at"));
        ComposeReport report = new ComposeReport(model, values);
        switch (format) {
            case json -> root.out().print(report.json());
            case latex -> root.out().print(report.latex());
            default -> root.out().print(report.text(explain));
        }
        return ExitCode.OK;
    }
}

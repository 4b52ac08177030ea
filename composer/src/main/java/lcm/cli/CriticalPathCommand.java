package lcm.cli;

import lcm.machine.MachineDescription;
import lcm.machine.MachineDescriptionReader;
import lcm.source.Diagnostic;
import lcm.source.UserError;
import lcm.trace.CriticalPath;
import lcm.trace.LoadedTrace;
import lcm.trace.PathJson;
import lcm.trace.PathText;
import lcm.trace.Scales;
import lcm.trace.TraceLoader;
import lcm.trace.TraceOutputs;
import lcm.values.Scale;
import lcm.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code lcm critical-path TRACE... [--scale F=K]... [--from M1 --to M2] [--format text|json]
 * [--chrome OUT.json] [--trace-out OUT.mpt|OUT.prv]}: the predicted length and critical path of
 * synchronization and message-passing traces (docs/composition.md#5-synchronization, docs/design.md#file-formats, docs/cli.md; docs/traces.md).
 */
@Command(name = "critical-path", mixinStandardHelpOptions = true,
        description = {"Predict the running time of traced tasks, print the critical path and where its time goes "
                + "(per task and state, on and off the path, top contributors).",
                "TRACE: .sync (synchronization trace), .mpt (message-passing trace), .prv (Paraver), "
                        + ".json (Chrome trace-event JSON)."})
public final class CriticalPathCommand implements Callable<Integer>, FormatOption.Holder {


    @ParentCommand
    private LcmCommand lcm;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Trace files; their tasks run together.")
    private List<Path> traces;

    @Option(names = {"--scale", "--ratio"}, paramLabel = "FRAGMENT=FACTOR|FACTOR", converter = Converters.ScaleFactor.class,
            description = "Multiply the work of FRAGMENT (or, with no name, of every other fragment) by FACTOR: "
                    + "new fragment times, or Mendes' compute ratio K. Repeatable.")
    private List<Scale> scales = new ArrayList<>();

    @Option(names = "--from", paramLabel = "MACHINE", description = "Characterization of the machine the message-passing "
            + "trace was measured on (send = f1(b), receive = g1(b)).")
    private Path from;

    @Option(names = "--to", paramLabel = "MACHINE", description = "Characterization of the machine to predict for "
            + "(send = f2(b), receive = g2(b)).")
    private Path to;

    private final FormatOption format = FormatOption.of("text or json (docs/traces.md).", Format.json);

    @Override
    public FormatOption format() {
        return format;
    }

    @Option(names = "--chrome", paramLabel = "OUT.json", description = "Write the predicted trace as Chrome trace-event "
            + "JSON (chrome://tracing, ui.perfetto.dev).")
    private Path chrome;

    @Option(names = "--summary", description = "Leave the path out: the length and where its time goes only.")
    private boolean summaryOnly;

    @Option(names = "--trace-out", paramLabel = "OUT.mpt|OUT.prv", description = "Write the predicted trace: "
            + "OUT.prv as a Paraver trace (with OUT.pcf and OUT.row), any other name as text (.mpt); "
            + "lcm critical-path reads both back.")
    private Path traceOut;

    @Override
    public Integer call() {
        try {
            return predict();
        } catch (UserError e) {
            showLines(e.diagnostics());
            throw e;
        }
    }

    /**
     * Synchronization traces are streamed, not kept: read the files that diagnostics point
     * into, so that they print with their lines.
     */
    private void showLines(List<Diagnostic> diagnostics) {
        for (Diagnostic d : diagnostics) {
            d.location().ifPresent(at -> {
                if (lcm.sources().knows(at.file())) {
                    return; // read already, or streamed: the reader shows its lines itself
                }
                try {
                    if (Files.size(at.file()) <= SHOW_WHOLE) {
                        lcm.sources().read(at.file());
                    }
                } catch (UserError | IOException ignored) {
                    // the message still prints, without its line
                }
            });
        }
    }

    /** Files up to this size are read whole to show the lines of their diagnostics. */
    private static final long SHOW_WHOLE = 64L << 20;

    private Integer predict() {
        if ((from == null) != (to == null)) {
            throw UserError.of("--from and --to go together: a transformation needs both machines");
        }
        Optional<MachineDescription> m1 = Optional.ofNullable(from).map(p -> MachineDescriptionReader.read(p, lcm.sources()));
        Optional<MachineDescription> m2 = Optional.ofNullable(to).map(p -> MachineDescriptionReader.read(p, lcm.sources()));
        LoadedTrace loaded = TraceLoader.load(traces, lcm.sources(), new TraceLoader.Plan(Scales.of(scales), m1, m2));
        showLines(loaded.warnings());
        lcm.warn(loaded.warnings());
        try (TraceOutputs outputs = TraceOutputs.open(Optional.ofNullable(chrome), Optional.ofNullable(traceOut))) {
            CriticalPath.Result result;
            try {
                result = CriticalPath.of(loaded.tasks(), outputs.sink());
            } catch (UncheckedIOException e) {
                throw UserError.of("cannot write " + traceOut + ": " + e.getCause().getMessage());
            }
            outputs.commit(); // only a complete run writes its outputs
            showLines(result.warnings());
            lcm.warn(result.warnings());
            Writer out = new BufferedWriter(new OutputStreamWriter(lcm.out(), StandardCharsets.UTF_8), 1 << 16);
            if (format.is(Format.json)) {
                PathJson.write(result, !summaryOnly, out);
            } else {
                PathText.write(result, !summaryOnly, out);
            }
            try {
                out.flush();
            } catch (IOException e) {
                throw UserError.of("cannot write the report: " + e.getMessage());
            }
            lcm.out().flush();
            result.close();
            return ExitCode.OK;
        }
    }
}

package lcm.cli;

import lcm.dag.Dag;
import lcm.dag.DagDot;
import lcm.dag.DagJson;
import lcm.dag.DagText;
import lcm.frontend.ProgramReader;
import lcm.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lcm dag FILE...}: the parallel structure of a program (docs/design.md#stages-and-what-flows-between-them, docs/cli.md). */
@Command(name = "dag", mixinStandardHelpOptions = true,
        description = "Print the parallel-structure DAG of the program formed by FILE... "
                + "(Fortran fixed or free form, Java).")
public final class DagCommand implements Callable<Integer>, FormatOption.Holder {


    @ParentCommand
    private LcmCommand root;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Source files; calls are resolved across all of them.")
    private List<Path> files;

    @Mixin
    private SourceReadingOptions reading;

    @Option(names = "--dot", description = "Print Graphviz DOT instead of the indented tree.")
    private boolean dot;

    private final FormatOption format = FormatOption.of("text or json (docs/design.md#json-contract).", Format.json);

    @Override
    public FormatOption format() {
        return format;
    }

    @Override
    public Integer call() {
        var read = new ProgramReader(root.sources(), reading.fortran()).parse(files);
        Dag dag = read.orThrow().dag();
        root.warn(read.warnings());
        if (format.is(Format.json)) {
            root.out().print(DagJson.render(dag));
        } else if (dot) {
            root.out().print(DagDot.render(dag));
        } else {
            root.out().print(DagText.render(dag));
        }
        return ExitCode.OK;
    }
}

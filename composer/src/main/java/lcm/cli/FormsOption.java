package lcm.cli;

import lcm.fit.CandidateTable;
import lcm.source.SourceRegistry;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --forms FILE}: more candidate forms for the fits of fit, annotate and validate. */
final class FormsOption {

    @Option(names = "--forms", paramLabel = "FILE", description = "More candidate forms for the fits, one per line: "
            + "CATEGORY VARIABLE: FORM (the format of the built-in table).")
    private Path file;

    boolean given() {
        return file != null;
    }

    /** The built-in table, plus the file's forms where one is given. */
    CandidateTable table(SourceRegistry sources) {
        return file == null ? CandidateTable.defaults() : CandidateTable.defaultsPlus(sources.read(file));
    }
}

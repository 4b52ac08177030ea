package lcm.frontend;

import lcm.antlr.Parsed;
import lcm.dag.Dag;
import lcm.fortran.FortranOptions;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.List;

/**
 * The DAG of a program's files, for the commands that still take it this way ({@code lcm dag},
 * {@code lcm measure}) until they read through {@link ProgramReader} themselves.
 */
public final class Frontends {

    private final ProgramReader reader;

    public Frontends(SourceRegistry sources) {
        this(sources, FortranOptions.DEFAULT);
    }

    public Frontends(SourceRegistry sources, FortranOptions fortran) {
        this.reader = new ProgramReader(sources, fortran);
    }

    /** Parses {@code files} and builds their DAG; throws a {@link UserError} with every error found. */
    public Dag dag(List<Path> files, Diagnostics diagnostics) {
        Parsed<ParsedProgram> parsed = reader.parse(files);
        diagnostics.addAll(parsed.problems());
        return parsed.orThrow().dag();
    }
}

package lcm.pipeline;

import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.dag.Program;
import lcm.fortran.FortranOptions;
import lcm.frontend.ProgramReader;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.List;

/**
 * Source files -> {@link Program} ({@link ProgramReader}) -> {@link ComposedModel}
 * ({@link Composer}), for the commands that still take it this way until they call the reader
 * and the composer themselves.
 */
public final class Pipeline {

    private final SourceRegistry sources;
    private final FortranOptions fortran;

    public Pipeline(SourceRegistry sources) {
        this(sources, FortranOptions.DEFAULT);
    }

    /** A driver whose front end reads Fortran with these options (-D, line length, form, OpenMP). */
    public Pipeline(SourceRegistry sources, FortranOptions fortran) {
        this.sources = sources;
        this.fortran = fortran;
    }

    /** The program of {@code files}, or a {@link UserError} with every error found. */
    public Program read(List<Path> files, Diagnostics diagnostics) {
        var read = new ProgramReader(sources, fortran).read(files);
        diagnostics.addAll(read.problems());
        return read.orThrow();
    }

    /** Reads and composes {@code files}. */
    public ComposedModel compose(List<Path> files, ComposeOptions options, Diagnostics diagnostics) {
        return compose(read(files, diagnostics), options, diagnostics);
    }

    /** Composes a program read before. */
    public ComposedModel compose(Program program, ComposeOptions options, Diagnostics diagnostics) {
        return new Composer(options).compose(program);
    }
}

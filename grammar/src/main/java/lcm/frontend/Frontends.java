package lcm.frontend;

import lcm.dag.Dag;
import lcm.dag.StructureBuilder;
import lcm.fortran.FortranFrontend;
import lcm.fortran.FortranOptions;
import lcm.fortran.SourceForm;
import lcm.javasrc.JavaFrontend;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import lcm.structure.ParsedFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Picks the front end for each file by its extension and builds the program's DAG: the
 * library entry point of the grammar stage ({@code FortranFrontend}/{@code JavaFrontend} →
 * {@code StructureBuilder}).
 */
public final class Frontends {

    /** The extensions lcm reads, as the error for any other file lists them. */
    public static final String ACCEPTED = ".f .for .f77 .ftn .fpp .F .f90 .f95 .f03 .f08 .f18 .F90 (Fortran), .java";

    private final SourceRegistry sources;
    private final FortranOptions fortran;

    public Frontends(SourceRegistry sources) {
        this(sources, FortranOptions.DEFAULT);
    }

    public Frontends(SourceRegistry sources, FortranOptions fortran) {
        this.sources = sources;
        this.fortran = fortran;
    }

    /** Parses every file; missing files are reported together, as located errors. */
    public List<ParsedFile> parse(List<Path> files, Diagnostics diagnostics) {
        List<ParsedFile> out = new ArrayList<>();
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                diagnostics.add(Diagnostic.error(f + ": no such file"));
                continue;
            }
            try {
                out.add(parse(f, diagnostics));
            } catch (UserError e) {
                diagnostics.addAll(e.diagnostics());
            }
        }
        return out;
    }

    public ParsedFile parse(Path file, Diagnostics diagnostics) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".java")) {
            return new JavaFrontend(sources).parse(file, diagnostics);
        }
        if (fortran.form().isEmpty() && !SourceForm.isFortranSource(file)) {
            throw UserError.of(file + ": not a source file lcm reads (accepted: " + ACCEPTED
                    + "; --form fixed|free reads any file as Fortran)");
        }
        return new FortranFrontend(sources, fortran).parse(file, diagnostics);
    }

    /** Parses {@code files} and builds their DAG; throws a {@link UserError} with every error found. */
    public Dag dag(List<Path> files, Diagnostics diagnostics) {
        List<ParsedFile> parsed = parse(files, diagnostics);
        UserError.throwIfErrors(diagnostics);
        Dag dag = StructureBuilder.build(parsed, diagnostics);
        UserError.throwIfErrors(diagnostics);
        return dag;
    }
}

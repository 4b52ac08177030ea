package lcm.frontend;

import lcm.dag.Dag;
import lcm.dag.StructureBuilder;
import lcm.fortran.FortranFrontend;
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

    private final SourceRegistry sources;

    public Frontends(SourceRegistry sources) {
        this.sources = sources;
    }

    /** Parses every file; missing files are reported together, as located errors. */
    public List<ParsedFile> parse(List<Path> files, Diagnostics diagnostics) {
        List<ParsedFile> out = new ArrayList<>();
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                diagnostics.add(lcm.source.Diagnostic.error(f + ": no such file"));
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
            return new lcm.javasrc.JavaFrontend(sources).parse(file, diagnostics);
        }
        return new FortranFrontend(sources).parse(file, diagnostics);
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

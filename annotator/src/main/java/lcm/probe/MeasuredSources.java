package lcm.probe;

import lcm.antlr.Parsed;
import lcm.fortran.FortranOptions;
import lcm.fortran.SourceForm;
import lcm.frontend.ParsedProgram;
import lcm.frontend.ProgramReader;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What {@code lcm measure} measures: the fragments lcm's front ends find in the program's
 * sources ({@code --source} files and folders, searched for every source a front end reads; or
 * the {@code .java} files on the measured command line).
 */
public final class MeasuredSources {

    private MeasuredSources() {
    }

    /**
     * The fragments of the sources. Warnings of the front ends go to {@code warnings} before any
     * error about what was found; a missing source, no sources or no fragment is a user error.
     *
     * @param sources  what {@code --source} named: files and folders
     * @param command  the measured command line (its {@code .java} files when no source is named)
     */
    public static FragmentSites sites(List<Path> sources, List<String> command, SourceRegistry registry,
                                      FortranOptions fortran, Consumer<List<Diagnostic>> warnings) {
        return FragmentSites.of(program(sources, command, registry, fortran, warnings));
    }

    /** The sources parsed and their DAG, as {@link #sites} reads them; it has fragments (or this is a user error). */
    public static ParsedProgram program(List<Path> sources, List<String> command, SourceRegistry registry,
                          FortranOptions fortran, Consumer<List<Diagnostic>> warnings) {
        List<Path> files = files(sources, command);
        Diagnostics diagnostics = new Diagnostics();
        Parsed<ParsedProgram> read = new ProgramReader(registry, fortran).parse(files);
        diagnostics.addAll(read.problems());
        warnings.accept(diagnostics.warnings());
        ParsedProgram program = read.orThrow();
        if (program.dag().fragments().isEmpty()) {
            throw UserError.of("no fragments in " + files.stream().map(Path::toString).reduce((a, b) -> a + ", " + b)
                    .orElse("") + ": the sources mark none and their structure has no node to measure (no routine "
                    + "with code lcm reads; lcm dag shows the structure)");
        }
        return program;
    }

    /**
     * The source files: those {@code --source} names, folders searched; without any, the
     * {@code .java} files of the command. None is a user error.
     */
    public static List<Path> files(List<Path> sources, List<String> command) {
        List<Path> files = new ArrayList<>();
        for (Path s : sources) {
            if (Files.isDirectory(s)) {
                try (Stream<Path> walk = Files.walk(s)) {
                    walk.filter(MeasuredSources::readable).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw UserError.of(s + ": cannot read: " + e.getMessage());
                }
            } else if (Files.isRegularFile(s)) {
                files.add(s);
            } else {
                throw UserError.of(s + ": no such file or folder (--source)");
            }
        }
        if (files.isEmpty()) {
            for (String arg : command) {
                if (arg.endsWith(".java") && Files.isRegularFile(Path.of(arg))) {
                    files.add(Path.of(arg));
                }
            }
        }
        if (files.isEmpty()) {
            throw UserError.of("no sources: give the program's sources with --source DIR|FILE (lcm measures the "
                    + "fragments lcm dag finds in them)");
        }
        return files;
    }

    /** A file in a searched folder that a front end reads (Java, or Fortran by its extension). */
    private static boolean readable(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        return Files.isRegularFile(file) && (name.endsWith(".java") || SourceForm.isFortranSource(file));
    }
}

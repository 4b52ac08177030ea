package lcm.frontend;

import lcm.fortran.FortranFrontend;
import lcm.fortran.FortranOptions;
import lcm.javasrc.JavaFrontend;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.structure.ParsedFile;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A front end as the reader keeps it (the way Extra-P keeps its readers): the language it
 * reads, the file extensions that choose it, and how it parses one file's text. {@link #ALL} is
 * the one list of the sources lcm reads; the extensions match whatever their case
 * ({@code .F}, {@code .F90}: Fortran to preprocess).
 *
 * @param extensions with their dot, as the message for an unknown file lists them
 */
public record Frontend(String name, List<String> extensions, Parser parser) {

    /** Parses one file's text into a {@link ParsedFile}; problems go to the diagnostics. */
    @FunctionalInterface
    public interface Parser {
        ParsedFile parse(SourceText text, SourceRegistry sources, FortranOptions fortran, Diagnostics diagnostics);
    }

    public static final Frontend FORTRAN = new Frontend("Fortran",
            List.of(".f", ".for", ".f77", ".ftn", ".fpp", ".F", ".f90", ".f95", ".f03", ".f08", ".f18", ".F90"),
            FortranFrontend::parse);

    public static final Frontend JAVA = new Frontend("Java", List.of(".java"),
            (text, sources, fortran, diagnostics) -> JavaFrontend.parse(text, sources, diagnostics));

    /** Every front end (no two read the same extension). */
    public static final List<Frontend> ALL = List.of(FORTRAN, JAVA);

    public Frontend {
        extensions = List.copyOf(extensions);
    }

    /** Whether {@code file}'s extension chooses this front end. */
    public boolean reads(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        return extensions.stream().anyMatch(e -> name.endsWith(e.toLowerCase(Locale.ROOT)));
    }

    /** The front end {@code file}'s extension chooses, if any. */
    public static Optional<Frontend> of(Path file) {
        return ALL.stream().filter(f -> f.reads(file)).findFirst();
    }

    /** Whether lcm reads {@code file} as a source by its extension. */
    public static boolean isSource(Path file) {
        return of(file).isPresent();
    }

    /**
     * The extensions lcm reads, as a message lists them: {@code .f .for ... .F90 (Fortran), .java}
     * (a front end's name is said where its extension does not say it).
     */
    public static String accepted() {
        StringBuilder out = new StringBuilder();
        for (Frontend f : ALL) {
            if (out.length() > 0) {
                out.append(", ");
            }
            out.append(String.join(" ", f.extensions));
            if (!(f.extensions.size() == 1 && f.extensions.get(0).substring(1).equalsIgnoreCase(f.name))) {
                out.append(" (").append(f.name).append(')');
            }
        }
        return out.toString();
    }
}

package lcm.cli;

import lcm.fortran.FortranOptions;
import lcm.fortran.SourceForm;
import lcm.source.UserError;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How the sources are read, as a compiler invocation would read them (docs/fortran.md):
 * {@code -D NAME} for {@code #if}, {@code --line-length 132}, {@code --form fixed|free},
 * {@code --no-openmp} for conditional-compilation lines.
 */
public final class SourceReadingOptions {

    enum Form { fixed, free }

    @Option(names = "-D", paramLabel = "NAME[=VALUE]",
            description = "Define NAME for #if/#ifdef lines (repeatable). Without any -D an undecided #if reads its first side, with a warning.")
    private List<String> defines = new ArrayList<>();

    @Option(names = "--line-length", paramLabel = "N", defaultValue = "72",
            description = "Fixed-form line length: 72 (default) or more, e.g. 132 as -ffixed-line-length-132.")
    private int lineLength;

    @Option(names = "--form", paramLabel = "FORM", description = "fixed or free: read every Fortran file in this form, whatever its extension.")
    private Form form;

    @Option(names = "--no-openmp", description = "Read as compiled without OpenMP: !$ conditional-compilation lines stay comments.")
    private boolean noOpenmp;

    /** These options as typed on a command line, for a command that passes them on (lcm plan to lcm measure). */
    public List<String> args() {
        List<String> out = new ArrayList<>();
        defines.forEach(d -> out.addAll(List.of("-D", d)));
        if (lineLength != 72) {
            out.addAll(List.of("--line-length", Integer.toString(lineLength)));
        }
        if (form != null) {
            out.addAll(List.of("--form", form.name()));
        }
        if (noOpenmp) {
            out.add("--no-openmp");
        }
        return out;
    }

    public FortranOptions fortran() {
        if (lineLength < 72) {
            throw UserError.of("--line-length " + lineLength + ": must be 72 or more");
        }
        Optional<SourceForm> f = form == null ? Optional.empty()
                : Optional.of(SourceForm.valueOf(form.name().toUpperCase(Locale.ROOT)));
        return FortranOptions.of(!noOpenmp, defines, lineLength, f);
    }
}

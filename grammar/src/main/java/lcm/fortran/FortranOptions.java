package lcm.fortran;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How to read Fortran the way a compiler invocation would: OpenMP on or off (conditional
 * compilation lines {@code !$ ...} are code only with OpenMP on), the names defined for
 * {@code #if}/{@code #ifdef} ({@code -D NAME}), the fixed-form line length ({@code 72}, or
 * {@code 132} as {@code -ffixed-line-length-132} reads it) and a source form that overrides the
 * file extension.
 *
 * @param defines names given with {@code -D NAME} or {@code -D NAME=VALUE}, with their values
 *                ({@code 1} when none is given)
 */
public record FortranOptions(boolean openmp, Map<String, String> defines, int lineLength, Optional<SourceForm> form) {

    public static final FortranOptions DEFAULT = new FortranOptions(true, Map.of(), 72, Optional.empty());

    public FortranOptions {
        defines = Map.copyOf(defines);
        if (lineLength < 72) {
            throw new IllegalArgumentException("line length " + lineLength + " is below 72");
        }
    }

    /** From {@code -D} texts ({@code NAME} or {@code NAME=VALUE}). */
    public static FortranOptions of(boolean openmp, List<String> defines, int lineLength, Optional<SourceForm> form) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String d : defines) {
            int eq = d.indexOf('=');
            String name = (eq < 0 ? d : d.substring(0, eq)).strip();
            values.put(name, eq < 0 || d.substring(eq + 1).isBlank() ? "1" : d.substring(eq + 1).strip());
        }
        return new FortranOptions(openmp, values, lineLength, form);
    }

    public Set<String> names() {
        return new LinkedHashSet<>(defines.keySet());
    }
}

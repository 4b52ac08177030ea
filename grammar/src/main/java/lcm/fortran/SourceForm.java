package lcm.fortran;

import java.nio.file.Path;
import java.util.Locale;

/** Fixed form (columns) or free form, chosen by file extension (docs/fortran.md). */
public enum SourceForm {
    FIXED, FREE;

    /** {@code .f .for .f77 .ftn .fpp} (and anything unknown) are fixed form; {@code .f90 .f95 .f03 .f08} free. */
    public static SourceForm of(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".f90") || lower.endsWith(".f95") || lower.endsWith(".f03") || lower.endsWith(".f08")
                || lower.endsWith(".f18")) {
            return FREE;
        }
        return FIXED;
    }

    /** True for the extensions lcm reads as Fortran sources on the command line. */
    public static boolean isFortranSource(Path file) {
        String lower = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        return lower.matches(".*\\.(f|for|f77|ftn|fpp|f90|f95|f03|f08|f18)");
    }

}

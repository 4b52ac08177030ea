package lcm.structure;

import lcm.annotation.Annotation;

import lcm.expr.Expr;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a front end makes of one source file: its routines, its file-level annotations
 * ({@code measured-in:}, {@code size:}), and the named constants it defines (Fortran
 * {@code parameter}, Java {@code static final}), which give variables default values.
 */
public record ParsedFile(Path path, Language language, List<Routine> routines, List<Annotation> fileLevel,
                         Map<String, Expr> constants) {

    public enum Language { FORTRAN_FIXED, FORTRAN_FREE, JAVA }

    public ParsedFile {
        routines = List.copyOf(routines);
        fileLevel = List.copyOf(fileLevel);
        constants = Collections.unmodifiableMap(new LinkedHashMap<>(constants));
    }

    public Optional<Annotation.MeasuredIn> measuredIn() {
        return fileLevel.stream().filter(a -> a instanceof Annotation.MeasuredIn)
                .map(a -> (Annotation.MeasuredIn) a).findFirst();
    }

    public List<Annotation.Size> sizes() {
        return fileLevel.stream().filter(a -> a instanceof Annotation.Size).map(a -> (Annotation.Size) a).toList();
    }
}

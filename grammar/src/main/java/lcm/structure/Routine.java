package lcm.structure;

import lcm.source.SourceSpan;

import java.util.List;
import java.util.Map;

/**
 * A program unit: a Fortran program, subroutine or function, or a Java method.
 *
 * @param name         the name calls use (Fortran names in lower case)
 * @param declarations the variables it declares, by lower-case name (Fortran) or name (Java)
 * @param parameters   the dummy argument (parameter) names in order, which calls bind to their actuals
 */
public record Routine(String name, Kind kind, SourceSpan span, Attached attached, List<Construct> body,
                      Map<String, Declaration> declarations, List<String> parameters) {

    public enum Kind { PROGRAM, SUBROUTINE, FUNCTION, METHOD }

    public Routine {
        body = List.copyOf(body);
        declarations = Map.copyOf(declarations);
        parameters = List.copyOf(parameters);
    }

    public Routine(String name, Kind kind, SourceSpan span, Attached attached, List<Construct> body,
                   Map<String, Declaration> declarations) {
        this(name, kind, span, attached, body, declarations, List.of());
    }

    public boolean isMain() {
        return kind == Kind.PROGRAM;
    }
}

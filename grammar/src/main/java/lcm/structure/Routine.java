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
 * @param owner        the simple name of the class that declares a Java method ("" in Fortran):
 *                     a call resolved by its receiver's type in another file names it
 *                     ({@code PriceStock.run})
 */
public record Routine(String name, Kind kind, SourceSpan span, Attached attached, List<Construct> body,
                      Map<String, Declaration> declarations, List<String> parameters, String owner) {

    public enum Kind { PROGRAM, SUBROUTINE, FUNCTION, METHOD }

    public Routine {
        body = List.copyOf(body);
        declarations = Map.copyOf(declarations);
        parameters = List.copyOf(parameters);
        owner = owner == null ? "" : owner;
    }

    public Routine(String name, Kind kind, SourceSpan span, Attached attached, List<Construct> body,
                   Map<String, Declaration> declarations, List<String> parameters) {
        this(name, kind, span, attached, body, declarations, parameters, "");
    }

    public Routine(String name, Kind kind, SourceSpan span, Attached attached, List<Construct> body,
                   Map<String, Declaration> declarations) {
        this(name, kind, span, attached, body, declarations, List.of());
    }

    /** This routine under another name (a Java method whose simple name another file's class also has). */
    public Routine named(String other) {
        return new Routine(other, kind, span, attached, body, declarations, parameters, owner);
    }

    public boolean isMain() {
        return kind == Kind.PROGRAM;
    }
}

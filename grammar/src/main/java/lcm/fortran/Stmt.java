package lcm.fortran;

import lcm.structure.Declaration;

import java.util.List;
import java.util.Optional;

/**
 * One classified Fortran statement: what the block builder needs to know about it.
 *
 * @param name      unit name (unit statements), callee (CALL), construct name, loop variable (DO)
 * @param doLabel   terminal label of a labelled DO ("" if none)
 * @param parts     DO bounds, CALL argument texts, or PARAMETER bindings ("n = 256")
 * @param inner     the statement of a logical IF
 */
public record Stmt(Kind kind, LogicalLine line, String name, String doLabel, List<String> parts,
                   List<Declaration> declarations, Optional<Stmt> inner) {

    public enum Kind {
        PROGRAM, SUBROUTINE, FUNCTION, MODULE, BLOCK_DATA, END_UNIT, END, CONTAINS,
        DO, DO_WHILE, DO_FOREVER, END_DO,
        IF_THEN, ELSE_IF, ELSE, END_IF, LOGICAL_IF,
        SELECT, CASE, END_SELECT,
        WHERE_BLOCK, END_WHERE,
        INTERFACE, END_INTERFACE, TYPE_DEF, END_TYPE,
        CALL, CONTINUE, RETURN,
        DECLARATION, PARAMETER, NON_EXECUTABLE, ASSIGNMENT, OTHER
    }

    public Stmt {
        parts = List.copyOf(parts);
        declarations = List.copyOf(declarations);
    }

    static Stmt of(Kind kind, LogicalLine line) {
        return new Stmt(kind, line, "", "", List.of(), List.of(), Optional.empty());
    }

    public String label() {
        return line.label();
    }
}

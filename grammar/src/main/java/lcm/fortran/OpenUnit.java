package lcm.fortran;

import lcm.source.SourceLocation;
import lcm.structure.Attached;
import lcm.structure.Declaration;
import lcm.structure.Routine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An open program unit (routine or module). */
final class OpenUnit {
    final String name;
    final Routine.Kind kind;    // null for modules and block data: not routines
    final SourceLocation at;
    final Attached attached;
    final Map<String, Declaration> declarations = new LinkedHashMap<>();
    final Frame root;
    boolean contained;          // after CONTAINS: only internal units and END follow
    List<String> parameters = List.of(); // dummy argument names, lower case

    OpenUnit(String name, Routine.Kind kind, SourceLocation at, Attached attached) {
        this.name = name;
        this.kind = kind;
        this.at = at;
        this.attached = attached;
        this.root = new Frame(FrameKind.UNIT, "unit", at, Attached.NONE);
    }
}

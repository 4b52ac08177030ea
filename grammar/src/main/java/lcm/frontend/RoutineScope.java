package lcm.frontend;

import lcm.dag.Storage;
import lcm.structure.Declaration;

import java.util.HashMap;
import java.util.Map;

/** What the builder knows about the routine whose body it is in. */
final class RoutineScope {
    final String routine;
    final int fragments;
    private final Map<String, Declaration> declarations;
    private Map<String, Storage> storage;

    RoutineScope(String routine, Map<String, Declaration> declarations, int fragments) {
        this.routine = routine;
        this.declarations = declarations;
        this.fragments = fragments;
    }

    String routine() {
        return routine;
    }

    int fragments() {
        return fragments;
    }

    /** The sizes of the routine's variables, made when a use with data first needs them. */
    Map<String, Storage> storage() {
        if (storage == null) {
            Map<String, Storage> out = new HashMap<>();
            declarations.forEach((name, d) -> out.put(name, storage(d)));
            storage = Map.copyOf(out);
        }
        return storage;
    }

    /** A declaration's sizes: bytes it gives, else REAL (also a declaration without a type) and COMPLEX in default REALs. */
    private static Storage storage(Declaration d) {
        int parts = d.elementType().equals("complex") ? 2
                : d.elementType().equals("real") || d.elementType().isEmpty() ? 1 : 0;
        return new Storage(d.elementBytes(), d.elementBytes().isPresent() ? 0 : parts, d.extents());
    }
}

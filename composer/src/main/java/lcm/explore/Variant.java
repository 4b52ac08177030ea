package lcm.explore;

import lcm.dag.Program;

import java.util.List;

/**
 * A program made from the one explored by a sequence of edits (none: the program as it is).
 *
 * @param signature the structure it has ({@link Signature}): variants that are the same structure
 *                  reached by edits in another order have the same one
 */
public record Variant(Program program, List<Edit> edits, String signature) {

    public Variant {
        edits = List.copyOf(edits);
    }

    public boolean original() {
        return edits.isEmpty();
    }

    /** {@code tasks-to-loop main:12 (tp.f:12) + serialize-loop cffts (tp.f:89)}, or "as it is". */
    public String label() {
        return edits.isEmpty() ? "as it is" : String.join(" + ", edits.stream().map(Edit::label).toList());
    }
}

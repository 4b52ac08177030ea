package lcm.explore;

import lcm.dag.Node;

import java.util.Objects;

/**
 * One named restructuring of a program's parallel structure.
 *
 * @param name   the transformation ({@code tasks-to-loop}, {@code serialize-loop}, ...)
 * @param target the node it changes, in the program it applies to (it keeps its source span)
 * @param reason why it applies: what the structure and the annotations show
 * @param part   where the edit splits a sequence of children: the first child of the second
 *               part (0 for an edit that splits nothing)
 */
public record Edit(String name, Node target, String reason, int part) {

    public Edit {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(reason, "reason");
    }

    public Edit(String name, Node target, String reason) {
        this(name, target, reason, 0);
    }

    /** {@code tasks-to-loop main:12 (tp.f:12)}: what a person reads in a table. */
    public String label() {
        return name + " " + target.name() + " (" + target.span().file().getFileName() + ":" + target.span().line() + ")";
    }
}

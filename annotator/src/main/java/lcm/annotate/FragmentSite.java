package lcm.annotate;

import lcm.annotation.Annotation;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.List;

/**
 * A place a fragment's model lines go: before the construct that is the fragment (a directive,
 * a call, a {@code subroutine} statement or method for a routine-level model, a
 * {@code fragment NAME} line), or where its model lines already are.
 *
 * @param name     the DAG node's name (docs/design.md#stages-and-what-flows-between-them)
 * @param at       where the construct starts
 * @param models   the model annotations written for it now, in source order
 * @param fragment whether it is a fragment already (a model, or a {@code fragment NAME} block)
 * @param loop     whether it is a parallel loop (whose OpenMP directive may stand above its {@code do})
 * @param fittedOn its {@code fitted-on:} and {@code contention:} lines, replaced with the model lines
 * @param implicit whether it is an implicit fragment (the sources mark none: {@link lcm.dag.ImplicitFragments}),
 *                 which annotate marks with {@code fragment NAME} lines ({@link ExplicitFragment})
 * @param lastLine the construct's last line
 * @param routine  whether it is a whole routine (its model lines go before the routine's first line)
 */
record FragmentSite(String name, SourceLocation at, CommentStyle style, List<Annotation.Model> models, boolean fragment,
                    boolean loop, List<Annotation> fittedOn, boolean implicit, int lastLine, boolean routine) {

    FragmentSite {
        models = List.copyOf(models);
        fittedOn = List.copyOf(fittedOn);
    }

    Path file() {
        return at.file();
    }

    int line() {
        return at.line();
    }

    /** Whether {@code other}'s lines lie within this construct's (a routine holds the fragments in its body). */
    boolean holds(FragmentSite other) {
        return file().equals(other.file()) && line() <= other.line() && other.lastLine() <= lastLine();
    }
}

package lcm.structure;

import lcm.annotation.Annotation;
import lcm.source.Diagnostics;

import java.util.ArrayList;
import java.util.List;

/**
 * The one annotation attach rule of both front ends (docs/annotations.md#what-an-annotation-attaches-to):
 * <ul>
 * <li>an annotation attaches to the construct the next statement makes; consecutive annotation
 *     lines wait together and attach to the same construct;</li>
 * <li>a statement that makes no construct (a declaration, {@code continue}, {@code return;})
 *     passes the waiting annotations on to the next one;</li>
 * <li>the annotations that make or end blocks ({@code sync:}, {@code fragment} /
 *     {@code end fragment}, {@code parallel sections} / {@code section} / {@code end parallel
 *     sections}, {@code tile} / {@code end tile}) act where they stand; a {@code fragment} block
 *     takes the annotations waiting before it;</li>
 * <li>annotations still waiting when a block ends have nothing to attach to: an error at each,
 *     naming what came instead ({@code annotation has nothing to attach to before 'end do' at line 12}).</li>
 * </ul>
 * The Fortran and the Java block builders keep one of these per block they build and say what
 * their blocks do with the annotations that act in place ({@link BlockAnnotations}).
 */
public final class AttachRule {

    /** What a block builder does with the annotations that act where they stand. */
    public interface BlockAnnotations {
        void sync(Annotation.Sync sync);

        /** {@code fragment NAME}: a block opens, taking {@code before}, the annotations waiting before it. */
        void fragmentStart(Annotation.FragmentStart start, Attached before);

        void fragmentEnd(Annotation.FragmentEnd end);

        /** {@code parallel sections}, {@code section}, {@code tile(i)} and their ends. */
        void structure(Annotation.Structure structure);
    }

    private final Diagnostics diagnostics;
    private final List<Annotation> pending = new ArrayList<>();

    public AttachRule(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Whether an annotation acts where it stands (so it must stand between statements) instead of waiting. */
    public static boolean actsInPlace(Annotation a) {
        return a instanceof Annotation.Sync || a instanceof Annotation.Structure
                || a instanceof Annotation.FragmentStart || a instanceof Annotation.FragmentEnd;
    }

    /** One annotation line in a block: a block annotation acts at once, any other waits for the next construct. */
    public void read(Annotation a, BlockAnnotations blocks) {
        if (a instanceof Annotation.Sync sync) {
            blocks.sync(sync);
        } else if (a instanceof Annotation.FragmentStart start) {
            blocks.fragmentStart(start, take());
        } else if (a instanceof Annotation.FragmentEnd end) {
            blocks.fragmentEnd(end);
        } else if (a instanceof Annotation.Structure st) {
            blocks.structure(st);
        } else {
            pending.add(a);
        }
    }

    /** The annotations waiting for a construct, which the construct now made takes. */
    public Attached take() {
        if (pending.isEmpty()) {
            return Attached.NONE;
        }
        Attached a = new Attached(pending);
        pending.clear();
        return a;
    }

    /**
     * The {@code probability:} lines waiting when an {@code else} / {@code else if} / {@code case}
     * comes: they belong to the branch that keyword opens, so they leave the waiting list.
     */
    public List<Annotation.Probability> takeProbabilities() {
        List<Annotation.Probability> out = new ArrayList<>();
        pending.removeIf(a -> a instanceof Annotation.Probability p && out.add(p));
        return out;
    }

    /** Whether no annotation is waiting for a construct. */
    public boolean nothingWaiting() {
        return pending.isEmpty();
    }

    /** Annotations that wait for the next construct after those already waiting (left inside a statement that took none). */
    public void hold(List<Annotation> annotations) {
        pending.addAll(annotations);
    }

    /** A statement that made no construct: its annotations wait, before any that came after them, for the next one. */
    public void passOn(List<Annotation> annotations) {
        pending.addAll(0, annotations);
    }

    /** Annotations waiting at the end of a block: errors, each naming what comes next ({@code before}). */
    public void nothingToAttach(String before) {
        nothingToAttach(diagnostics, pending, before);
        pending.clear();
    }

    /** The error for annotations that stand where nothing follows them to attach to. */
    public static void nothingToAttach(Diagnostics diagnostics, List<Annotation> annotations, String before) {
        for (Annotation a : annotations) {
            diagnostics.error(a.at(), "annotation has nothing to attach to before " + before);
        }
    }

    /** The error for annotations before something they cannot attach to ({@code what}: "a field declaration"). */
    public static void cannotAttach(Diagnostics diagnostics, List<Annotation> annotations, String what) {
        for (Annotation a : annotations) {
            diagnostics.error(a.at(), "annotation cannot attach to " + what
                    + " (annotations attach to methods and statements)");
        }
    }

    /** The error for a block annotation ({@link #actsInPlace}) where no statement list is: {@code where} says where it is. */
    public static void notBetweenStatements(Diagnostics diagnostics, Annotation a, String where) {
        diagnostics.error(a.at(), "this annotation must stand between statements, not " + where);
    }
}

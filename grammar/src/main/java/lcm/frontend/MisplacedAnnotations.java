package lcm.frontend;

import lcm.annotation.Annotation;
import lcm.annotation.DataItem;
import lcm.source.Diagnostics;
import lcm.structure.Attached;
import lcm.structure.Construct;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Annotations that attached to a construct they say nothing about: lcm would ignore them, so each
 * is a located warning, never dropped silently (docs/annotations.md, "Where each annotation applies").
 * <ul>
 * <li>{@code recursion:} counts only before a recursive fork/join task (a parallel loop the front
 *     end made of {@code pool.invoke(new Task(...))});</li>
 * <li>{@code probability:} only before a conditional (or as a branch's own, which the front ends
 *     take out of the branch before it is built);</li>
 * <li>{@code iterations:} only before a loop;</li>
 * <li>{@code fitted-on:} and {@code contention:} only with a fragment's {@code model:};</li>
 * <li>{@code pool:} only before a parallel construct (tasks or a parallel loop);</li>
 * <li>{@code vars:} only where a node is used, never before a routine's definition;</li>
 * <li>{@code model:} not inside a {@code fragment} block, which composition takes whole.</li>
 * </ul>
 * An {@code independent} mark anywhere but before a serial loop outside {@code fragment} blocks
 * is an error: it claims something of the code (no iteration touches data another writes) that
 * lcm explore acts on, so a misplaced one must not pass silently as a claim about another loop.
 */
final class MisplacedAnnotations {

    private final Diagnostics diagnostics;

    MisplacedAnnotations(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Routine r) {
        recursion(r.attached(), "the method '" + r.name() + "'");
        pool(r.attached(), "the routine '" + r.name() + "'");
        independent(r.attached(), "the routine '" + r.name() + "'");
        for (Annotation a : r.attached().annotations()) {
            if (a instanceof Annotation.Probability || a instanceof Annotation.Iterations) {
                ignored(a, "the routine '" + r.name() + "'");
            }
            if (a instanceof Annotation.Vars v) {
                String names = String.join(", ", v.bindings().stream().map(Annotation.Binding::name).toList());
                diagnostics.warning(a.at(), "'vars:' is ignored here: it attaches to the routine '" + r.name()
                        + "', and a 'vars:' acts where a node is used (a call, a loop, a task, a fragment), never on a"
                        + " routine's definition; to set " + names + " for the code of '" + r.name() + "', write it"
                        + " inside '" + r.name() + "', before the statement or construct that uses " + names);
            }
        }
        check(r.body(), null);
    }

    /** @param fragment the fragment block {@code body} is in (at any depth), or null */
    private void check(List<Construct> body, Construct.FragmentBlock fragment) {
        for (Construct c : body) {
            if (fragment != null && c.attached().hasModel()) {
                c.attached().annotations().stream().filter(a -> a instanceof Annotation.Model).forEach(a ->
                        diagnostics.warning(a.at(), "'model:' is ignored here: it attaches to " + what(c) + " inside "
                                + "the fragment '" + fragment.name() + "' (line " + fragment.span().line() + "), which "
                                + "composition takes whole, by its own model; write it before 'fragment "
                                + fragment.name() + "' to make it the fragment's model"));
            }
            boolean recursive = c instanceof Construct.ParallelLoop l
                    && (l.clauses().containsKey("recursive task") || l.clauses().containsKey("depth"));
            if (!recursive) {
                recursion(c.attached(), "this statement, which invokes no recursive fork/join task");
            }
            if (!(c instanceof Construct.Sections || c instanceof Construct.ParallelLoop)) {
                pool(c.attached(), what(c));
            }
            if (fragment != null) {
                independent(c.attached(), what(c) + " inside the fragment '" + fragment.name() + "' (line "
                        + fragment.span().line() + "), which composition takes whole");
            } else if (!(c instanceof Construct.Loop)) {
                independent(c.attached(), what(c) + (c instanceof Construct.ParallelLoop ? ", which runs in parallel already" : ""));
            }
            boolean loop = c instanceof Construct.Loop || c instanceof Construct.ParallelLoop;
            for (Annotation a : c.attached().annotations()) {
                if ((a instanceof Annotation.Probability && !(c instanceof Construct.Conditional))
                        || (a instanceof Annotation.Iterations && !loop)) {
                    ignored(a, what(c));
                }
                if (a instanceof Annotation.FittedOn && !c.attached().hasModel()
                        && !(c instanceof Construct.FragmentBlock)) {
                    diagnostics.warning(a.at(), "'fitted-on:' is ignored here: it attaches to " + what(c)
                            + ", which is no fragment; it gives the ranges a fragment's 'model:' was fitted on"
                            + " and belongs with that 'model:'");
                }
                if (a instanceof Annotation.Contention && !c.attached().hasModel()
                        && !(c instanceof Construct.FragmentBlock)) {
                    diagnostics.warning(a.at(), "'contention:' is ignored here: it attaches to " + what(c)
                            + ", which is no fragment; it gives a fragment's slowdown beside a co-runner and its"
                            + " own pressure, and belongs with that fragment's 'model:'");
                }
            }
            if (c instanceof Construct.Sections s) {
                s.sections().forEach(x -> recursion(x.attached(), "a task, which invokes no recursive fork/join task"));
                s.sections().forEach(x -> independent(x.attached(), "a task"));
            }
            Construct.FragmentBlock in = fragment != null ? fragment
                    : c instanceof Construct.FragmentBlock f ? f : null;
            for (List<Construct> inner : c.bodies()) {
                check(inner, in);
            }
        }
    }

    private void recursion(Attached attached, String what) {
        for (Annotation a : attached.annotations()) {
            if (a instanceof Annotation.Recursion) {
                diagnostics.warning(a.at(), "'recursion:' is ignored here: it attaches to " + what
                        + "; it gives the depth of a recursive fork/join task and belongs before the statement"
                        + " that invokes one (pool.invoke(new Task(...)))");
            }
        }
    }

    private void pool(Attached attached, String what) {
        for (Annotation a : attached.annotations()) {
            if (a instanceof Annotation.Pool) {
                diagnostics.warning(a.at(), "'pool:' is ignored here: it attaches to " + what + "; it says how the "
                        + "runtime schedules a parallel construct and belongs before the statement that starts its tasks "
                        + "or its parallel loop");
            }
        }
    }

    private void independent(Attached attached, String what) {
        attached.independent().ifPresent(a -> diagnostics.error(a.at(), "'independent' cannot attach to " + what
                + "; it marks a serial loop whose iterations touch no data another iteration writes, and belongs"
                + " just before that loop"));
    }

    private void ignored(Annotation a, String what) {
        if (a instanceof Annotation.Probability) {
            diagnostics.warning(a.at(), "'probability:' is ignored here: it attaches to " + what + "; it says how "
                    + "often a branch runs and belongs before an 'if' (its first branch), on the first line inside "
                    + "a branch, or just before the 'else', 'else if' or 'case' that opens one");
        } else {
            diagnostics.warning(a.at(), "'iterations:' is ignored here: it attaches to " + what
                    + "; it gives a loop's trip count and belongs before the loop");
        }
    }

    /**
     * The file-level annotations that count for nothing: a {@code size:} of an item that no
     * {@code input:} or {@code output:} of the program names, a second {@code measured-in:} in a file.
     */
    static void fileLevel(List<ParsedFile> files, Diagnostics diagnostics) {
        Set<DataItem> used = new HashSet<>();
        for (ParsedFile f : files) {
            for (Routine r : f.routines()) {
                items(r.attached(), used);
                items(r.body(), used);
            }
        }
        for (ParsedFile f : files) {
            f.measuredIn().ifPresent(first -> f.fileLevel().stream()
                    .filter(a -> a instanceof Annotation.MeasuredIn && a != first)
                    .forEach(a -> diagnostics.warning(a.at(), "'measured-in:' is ignored here: the one at line "
                            + first.at().line() + " counts (a file is measured in one program)")));
            for (Annotation.Size s : f.sizes()) {
                if (!used.contains(s.item())) {
                    diagnostics.warning(s.at(), "'size:' of '" + s.item().text() + "' is ignored: no 'input:' or "
                            + "'output:' of the program names '" + s.item().text() + "'");
                }
            }
        }
    }

    private static void items(List<Construct> body, Set<DataItem> out) {
        for (Construct c : body) {
            items(c.attached(), out);
            if (c instanceof Construct.Sections s) {
                s.sections().forEach(x -> items(x.attached(), out));
            }
            c.bodies().forEach(b -> items(b, out));
        }
    }

    private static void items(Attached a, Set<DataItem> out) {
        out.addAll(a.items(Annotation.Direction.INPUT));
        out.addAll(a.items(Annotation.Direction.OUTPUT));
    }

    /** What a construct is, as a message names it. */
    private static String what(Construct c) {
        if (c instanceof Construct.Call call) {
            return "the call of '" + call.callee() + "'";
        }
        if (c instanceof Construct.Loop) {
            return "a loop";
        }
        if (c instanceof Construct.ParallelLoop) {
            return "a parallel loop";
        }
        if (c instanceof Construct.Conditional) {
            return "a conditional";
        }
        if (c instanceof Construct.Sections || c instanceof Construct.Region) {
            return "a parallel construct";
        }
        if (c instanceof Construct.FragmentBlock f) {
            return "the fragment '" + f.name() + "'";
        }
        return "a statement";
    }
}

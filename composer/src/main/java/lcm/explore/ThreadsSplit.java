package lcm.explore;

import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.dag.Child;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.dag.Use;
import lcm.expr.Expr;
import lcm.expr.Processors;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Processors between two concurrent tasks where the runtime has static teams (OpenMP, KSR): the
 * two tasks of a parallel construct, each on half of its processors by the default rule, are
 * given a quarter and three quarters instead (3:1 or 1:3; at p = 4, 3 and 1 processors), as a
 * {@code vars: p = ...} binding on each task, in the parent's p (docs/composition.md, section 2).
 * Proposed only where the tasks' predicted times can differ: tasks of one structure (the same
 * {@link Signature}, as the FFT's two loops over the same routines would be) take the same time
 * on the same processors, and moving processors from one to the other only slows the construct.
 * Not for a pool (Java's common pool or a fork/join pool: the workers serve whichever task is
 * ready, no task has a width of its own) and not in Java at all, whose tasks have no team size a
 * directive sets. It takes no concurrency away and adds none: it needs no data annotation; tasks
 * already given a width ({@code vars:}, {@code num_threads}) keep theirs.
 */
final class ThreadsSplit implements Transformation {

    /** The edit's name; each split is named by its shares ({@code threads-split 3:1}). */
    static final String NAME = "threads-split";

    /** The shares of the first task (the second has the rest): 3:1 and 1:3. */
    private static final List<int[]> SPLITS = List.of(new int[] {3, 4}, new int[] {1, 4});

    @Override
    public List<Proposal> propose(Program program, List<Refusal> refused) {
        List<Proposal> out = new ArrayList<>();
        for (Node parallel : Shapes.nodes(program, NodeKind.PARALLEL)) {
            List<Child> tasks = parallel.children();
            if (tasks.size() != 2 || parallel.span().file().toString().endsWith(".java")
                    || program.dag().scheduling(parallel).isPool() || Shapes.synchronizes(parallel)
                    || tasks.stream().anyMatch(t -> !t.use().vars().isEmpty())
                    || Signature.of(program.dag(), tasks.get(0).node()).equals(Signature.of(program.dag(), tasks.get(1).node()))) {
                continue;
            }
            for (int[] share : SPLITS) {
                List<Child> given = List.of(given(tasks.get(0), share[0], share[1]),
                        given(tasks.get(1), share[1] - share[0], share[1]));
                Edit edit = new Edit(NAME + " " + share[0] + ":" + (share[1] - share[0]), parallel, "the 2 tasks of " + parallel.name() + " (" + Shapes.where(parallel)
                        + ") differ in structure, so their times can differ: the first on " + share[0] + "/" + share[1]
                        + " of its processors, the second on " + (share[1] - share[0]) + "/" + share[1] + " ("
                        + share[0] + ":" + (share[1] - share[0]) + ", a static team each; at p = 4, " + share[0] + " and "
                        + (share[1] - share[0]) + " processors)");
                out.add(new Proposal(edit, Rewrite.replace(program, parallel, Rewrite.withChildren(parallel, given),
                        Map.of())));
            }
        }
        return out;
    }

    /** {@code task} on {@code k/of} of its parent's processors: {@code vars: p = p*k/of}. */
    private static Child given(Child task, int k, int of) {
        Use u = task.use();
        Expr width = AnnotationReader.expression(Processors.NAME + "*" + k + "/" + of);
        Use use = new Use(u.at(), u.inputs(), u.outputs(), List.of(new Annotation.Binding(Processors.NAME, width)),
                Optional.of(u.at()), u.scope(), u.arguments(), u.independent());
        return new Child(task.node(), use);
    }
}

package lcm.explore;

import lcm.dag.Child;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.dag.Use;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sequence to tasks (Jacobi's loops to tasks): a stretch of steps a serial node runs one after
 * the other becomes two tasks that run at once, the steps before a split point in one and the
 * rest in the other, each task in order. It creates concurrency: every step of the stretch must
 * say what it reads and writes ({@code input:}, {@code output:}) and the two tasks must share
 * nothing one of them writes. The stretches are the longest runs of annotated steps; each split
 * point of a stretch that shares nothing is one edit.
 */
final class SequenceToTasks implements Transformation {

    static final String NAME = "sequence-to-tasks";

    @Override
    public List<Proposal> propose(Program program, List<Refusal> refused) {
        List<Proposal> out = new ArrayList<>();
        for (Node serial : Shapes.nodes(program, NodeKind.SERIAL)) {
            List<Child> steps = serial.children();
            List<String> silent = new ArrayList<>();
            int start = 0;
            for (int i = 0; i <= steps.size(); i++) {
                Optional<String> unannotated = i < steps.size() ? silent(steps.get(i)) : Optional.of("");
                if (unannotated.isEmpty()) {
                    continue;
                }
                if (!unannotated.get().isEmpty()) {
                    silent.add(unannotated.get());
                }
                if (i - start >= 2 && !Shapes.synchronizes(serial)) {
                    splits(program, serial, start, i, out);
                }
                start = i + 1;
            }
            if (silent.size() >= 2 && silent.size() == steps.size()) {
                refused.add(new Refusal(NAME, serial, "none of its " + steps.size() + " steps says what it reads and "
                        + "writes: annotate input: and output: of the steps that could run as concurrent tasks ("
                        + String.join(", ", silent.stream().distinct().toList()) + ")"));
            }
        }
        return out;
    }

    /** The first fragment or construct of {@code step} that says nothing of its data; empty where it all does. */
    private static Optional<String> silent(Child step) {
        return DataUse.of(List.of(step)).silent();
    }

    /**
     * The stretch [from, to) of steps of {@code serial} that {@link #propose} splits at step
     * {@code m}: the longest run of annotated steps around it; empty where m splits none.
     */
    static Optional<int[]> stretch(Node serial, int m) {
        List<Child> steps = serial.children();
        if (m < 1 || m >= steps.size() || silent(steps.get(m - 1)).isPresent() || silent(steps.get(m)).isPresent()) {
            return Optional.empty();
        }
        int from = m - 1;
        while (from > 0 && silent(steps.get(from - 1)).isEmpty()) {
            from--;
        }
        int to = m + 1;
        while (to < steps.size() && silent(steps.get(to)).isEmpty()) {
            to++;
        }
        return Optional.of(new int[] {from, to});
    }

    /** Every split of the stretch [from, to) of the serial node's steps into two tasks that share nothing. */
    private static void splits(Program program, Node serial, int from, int to, List<Proposal> out) {
        List<Child> steps = serial.children();
        for (int m = from + 1; m < to; m++) {
            DataUse first = DataUse.of(steps.subList(from, m));
            DataUse second = DataUse.of(steps.subList(m, to));
            if (first.conflict(second).isPresent()) {
                continue;
            }
            Node tasks = Rewrite.node(NodeKind.PARALLEL, serial.name() + ":tasks@" + from, steps.get(from).use().at()
                    .equals(serial.at()) ? serial.span() : lcm.source.SourceSpan.of(steps.get(from).use().at()),
                    serial.routine(), List.of(task(serial, steps.subList(from, m), 1), task(serial, steps.subList(m, to), 2)));
            List<Child> children = new ArrayList<>(steps.subList(0, from));
            children.add(new Child(tasks, Use.plain(tasks.at())));
            children.addAll(steps.subList(to, steps.size()));
            Edit edit = new Edit(NAME, serial, "steps " + (from + 1) + "-" + m + " and " + (m + 1) + "-" + to + " of "
                    + serial.name() + " (" + Shapes.where(serial) + ") share no data by their input:/output: lines ("
                    + String.join(", ", first.writes()) + " | " + String.join(", ", second.writes())
                    + " written): two tasks that run at once", m);
            out.add(new Proposal(edit, Rewrite.replace(program, serial, Rewrite.withChildren(serial, children),
                    Rewrite.tasksRuntime(tasks))));
        }
    }

    /** One task: a step, or a serial node of several. */
    private static Child task(Node serial, List<Child> steps, int number) {
        if (steps.size() == 1) {
            return steps.get(0);
        }
        Node task = Rewrite.node(NodeKind.SERIAL, serial.name() + ":task" + number + "@" + steps.get(0).use().at().line(),
                lcm.source.SourceSpan.of(steps.get(0).use().at()), serial.routine(), steps);
        return new Child(task, Use.plain(steps.get(0).use().at()));
    }
}

package lcm.explore;

import lcm.dag.Child;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.dag.Use;

import java.util.ArrayList;
import java.util.List;

/**
 * Data parallel to tasks (the 2D FFT's DP to TP): a serial loop whose body is a sequence of
 * steps becomes two tasks that run at once, each looping over the same items with its part of
 * the body. It creates concurrency: the two parts' {@code input:} and {@code output:} lines
 * must show that neither writes what the other reads or writes; where they do not, the edit is
 * not proposed and the refusal says what to annotate.
 */
final class LoopToTasks implements Transformation {

    static final String NAME = "loop-to-tasks";

    @Override
    public List<Proposal> propose(Program program, List<Refusal> refused) {
        List<Proposal> out = new ArrayList<>();
        for (Node loop : Shapes.nodes(program, NodeKind.LOOP)) {
            List<Child> body = loop.children();
            if (body.size() < 2 || loop.trips().isEmpty() || Shapes.synchronizes(loop)) {
                continue;
            }
            BodySplits splits = BodySplits.of(body);
            if (splits.silent().isPresent()) {
                refused.add(new Refusal(NAME, loop, "annotate input: and output: of " + splits.silent().get()
                        + " (and each step of the loop's body) to show which steps can run as concurrent tasks"));
            } else if (splits.cuts().isEmpty() && !splits.conflicts().isEmpty()) {
                refused.add(new Refusal(NAME, loop, "every split of its body shares data between the parts: "
                        + String.join(", ", splits.conflicts()) + "; tasks that pass data on need sync: post/wait, or "
                        + "'independent' where the annotations are too coarse"));
            }
            splits.cuts().forEach(m -> out.add(split(program, loop, m)));
        }
        return out;
    }

    private static Proposal split(Program program, Node loop, int m) {
        List<Child> body = loop.children();
        Node first = Rewrite.loop(loop, loop.name() + "#1", body.subList(0, m));
        Node second = Rewrite.loop(loop, loop.name() + "#2", body.subList(m, body.size()));
        Node tasks = Rewrite.node(NodeKind.PARALLEL, loop.name() + ":tasks", loop.span(), loop.routine(),
                List.of(new Child(first, Use.plain(loop.at())), new Child(second, Use.plain(loop.at()))));
        Edit edit = new Edit(NAME, loop, "steps 1-" + m + " and " + (m + 1) + "-" + body.size() + " of the body of "
                + loop.name() + " (" + Shapes.where(loop) + ") share no data by their input:/output: lines: two tasks, "
                + "each looping over " + loop.loopVariable() + " with its part", m);
        return new Proposal(edit, Rewrite.replace(program, loop, tasks, Rewrite.tasksRuntime(tasks)));
    }
}

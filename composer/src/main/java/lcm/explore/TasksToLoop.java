package lcm.explore;

import lcm.dag.Child;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tasks to data parallel (the 2D FFT's TP to DP, thesis section 6.3.2): concurrent tasks that
 * each loop over the same items become one loop that runs their bodies one after the other,
 * each body on all the processors. It takes concurrency away, so it needs no data annotation;
 * tasks that post or wait ({@code sync:}) keep their order and are left alone.
 */
final class TasksToLoop implements Transformation {

    static final String NAME = "tasks-to-loop";

    @Override
    public List<Proposal> propose(Program program, List<Refusal> refused) {
        List<Proposal> out = new ArrayList<>();
        for (Node p : Shapes.nodes(program, NodeKind.PARALLEL)) {
            List<Node> loops = new ArrayList<>();
            for (Child task : p.children()) {
                Shapes.loopOf(task.node()).ifPresent(loops::add);
            }
            if (p.children().size() < 2 || loops.size() != p.children().size() || !Shapes.sameItems(loops)) {
                continue;
            }
            if (Shapes.synchronizes(p)) {
                refused.add(new Refusal(NAME, p, "its tasks post or wait (sync:): lcm keeps their order"));
                continue;
            }
            Node first = loops.get(0);
            List<Child> body = new ArrayList<>();
            loops.forEach(l -> body.addAll(l.children()));
            Node loop = Rewrite.loop(first, first.name(), body);
            String trips = first.trips().map(t -> t.text()).orElse("?");
            Edit edit = new Edit(NAME, p, "the " + loops.size() + " tasks of " + p.name() + " (" + Shapes.where(p)
                    + ") each loop over " + first.loopVariable() + " (" + trips + " trips): one loop runs their bodies "
                    + "one after the other, each on all processors (data parallel)");
            out.add(new Proposal(edit, Rewrite.replace(program, p, loop, Map.of())));
        }
        return out;
    }
}

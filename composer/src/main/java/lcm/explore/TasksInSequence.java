package lcm.explore;

import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tasks in sequence (Jacobi's tasks to loops): the tasks of a parallel construct run one after
 * the other, each on all the processors the construct had. It takes concurrency away, so it
 * needs no data annotation; tasks that post or wait ({@code sync:}) keep their order.
 */
final class TasksInSequence implements Transformation {

    static final String NAME = "tasks-in-sequence";

    @Override
    public List<Proposal> propose(Program program, List<Refusal> refused) {
        List<Proposal> out = new ArrayList<>();
        for (Node p : Shapes.nodes(program, NodeKind.PARALLEL)) {
            if (p.children().size() < 2) {
                continue;
            }
            if (Shapes.synchronizes(p)) {
                refused.add(new Refusal(NAME, p, "its tasks post or wait (sync:): lcm keeps their order"));
                continue;
            }
            Node serial = Rewrite.node(NodeKind.SERIAL, p.name(), p.span(), p.routine(), p.children());
            Edit edit = new Edit(NAME, p, "the " + p.children().size() + " tasks of " + p.name() + " ("
                    + Shapes.where(p) + ") run one after the other, each on all processors");
            out.add(new Proposal(edit, Rewrite.replace(program, p, serial, Map.of())));
        }
        return out;
    }
}

package lcm.explore;

import lcm.dag.Child;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.dag.Scheduling;
import lcm.dag.Use;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Split a parallel loop in two (fuse-loops' inverse): a parallel loop whose body is several
 * steps becomes two parallel loops over the same items, one after the other, the steps before a
 * split point in the first and the rest in the second, run by the same runtime. One loop start,
 * end and barrier more, which lcm does not charge (see {@link FuseLoops}): the two compose to
 * the same T_P as the one. All of the first part's iterations then run before any of the
 * second's: the parts' {@code input:}/{@code output:} lines must show that neither writes a
 * variable the other reads or writes (by name, {@link DataUse}).
 */
final class SplitLoop implements Transformation {

    static final String NAME = "split-loop";

    @Override
    public List<Proposal> propose(Program program, List<Refusal> refused) {
        List<Proposal> out = new ArrayList<>();
        for (Node loop : Shapes.nodes(program, NodeKind.PARALLEL_LOOP)) {
            List<Child> body = loop.children();
            if (body.size() < 2 || loop.trips().isEmpty() || loop.loopVariable().isEmpty() || Shapes.synchronizes(loop)) {
                continue;
            }
            BodySplits splits = BodySplits.of(body);
            if (splits.silent().isPresent()) {
                refused.add(new Refusal(NAME, loop, "annotate input: and output: of " + splits.silent().get()
                        + " (and each step of the loop's body) to show which steps can run as two loops"));
            } else if (splits.cuts().isEmpty() && !splits.conflicts().isEmpty()) {
                refused.add(new Refusal(NAME, loop, "every split of its body shares data between the parts: "
                        + String.join(", ", splits.conflicts())));
            }
            splits.cuts().forEach(m -> out.add(split(program, loop, m)));
        }
        return out;
    }

    private static Proposal split(Program program, Node loop, int m) {
        List<Child> body = loop.children();
        Node first = part(loop, "#1", body.subList(0, m));
        Node second = part(loop, "#2", body.subList(m, body.size()));
        Node serial = Rewrite.node(NodeKind.SERIAL, loop.name() + ":split", loop.span(), loop.routine(),
                List.of(new Child(first, Use.plain(loop.at())), new Child(second, Use.plain(loop.at()))));
        Map<Node, Scheduling> runtime = new HashMap<>();
        if (program.dag().schedules().containsKey(loop)) {
            runtime.put(first, program.dag().scheduling(loop));
            runtime.put(second, program.dag().scheduling(loop));
        }
        Edit edit = new Edit(NAME, loop, "steps 1-" + m + " and " + (m + 1) + "-" + body.size() + " of the body of "
                + loop.name() + " (" + Shapes.where(loop) + ") share no data by their input:/output: lines: two "
                + "parallel loops over " + loop.loopVariable() + ", one after the other, one loop start, end and "
                + "barrier more (not charged: see docs/explore.md)", m);
        return new Proposal(edit, Rewrite.replace(program, loop, serial, runtime));
    }

    private static Node part(Node loop, String suffix, List<Child> body) {
        return new Node(NodeKind.PARALLEL_LOOP, loop.name() + suffix, loop.span(), loop.trips(), body, Map.of(),
                Optional.empty(), Optional.empty(), loop.routine(), loop.loopVariable());
    }
}

package lcm.explore;

import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Serialize a parallel loop: a fragment made of a parallel loop (a loop fragment whose code is
 * parallel) runs as serial code, on one processor while the others of its node idle
 * (docs/composition.md, "Execution width"); a parallel loop without a model becomes a serial
 * loop over the same trips. It takes concurrency away and needs no annotation. Its fragment
 * model is then evaluated at one processor: where the model was fitted on more, that is an
 * extrapolation the composition flags.
 */
final class SerializeLoop implements Transformation {

    static final String NAME = "serialize-loop";

    @Override
    public List<Proposal> propose(Program program, List<Refusal> refused) {
        List<Proposal> out = new ArrayList<>();
        for (Node n : program.dag().nodes()) {
            boolean parallelFragment = n.isFragment() && n.execution() == Execution.PARALLEL && n.trips().isPresent()
                    && n.children().stream().allMatch(c -> c.node().kind() == NodeKind.LEAF);
            if (parallelFragment) {
                Node serial = new Node(n.kind(), n.name(), n.span(), n.trips(), n.children(), n.model(), n.modelAt(),
                        n.sync(), n.routine(), n.loopVariable(), Execution.SERIAL, n.branch(), n.fittedOn(),
                        n.contention());
                out.add(new Proposal(new Edit(NAME, n, "the parallel loop of fragment " + n.name() + " ("
                        + Shapes.where(n) + ") runs on one processor; the others of its node idle (ip)"),
                        Rewrite.replace(program, n, serial, Map.of())));
            } else if (n.kind() == NodeKind.PARALLEL_LOOP && n.trips().isPresent()) {
                Node loop = Rewrite.loop(n, n.name(), n.children());
                out.add(new Proposal(new Edit(NAME, n, "the parallel loop " + n.name() + " (" + Shapes.where(n)
                        + ") runs its iterations one after the other, each on all its processors"),
                        Rewrite.replace(program, n, loop, Map.of())));
            }
        }
        return out;
    }
}

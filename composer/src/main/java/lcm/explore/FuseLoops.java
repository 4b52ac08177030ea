package lcm.explore;

import lcm.annotation.DataItem;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.dag.Scheduling;
import lcm.dag.Storage;
import lcm.dag.Use;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fuse two adjacent parallel loops into one (split-loop's inverse): two parallel loops a serial
 * node runs one after the other, over the same items (one loop variable, one trip count), run by
 * the same runtime, become one parallel loop whose iteration runs the first loop's body and then
 * the second's. One loop start and end (and barrier) fewer; lcm charges a parallel loop's start,
 * end and barrier nowhere but in the measured models of the fragments in it, and an unmodelled
 * parallel loop's rule (ceil(N/p) rounds of its body) is linear in the body, so the fused loop
 * composes to the same T_P as the two (docs/explore.md). Loops that are fragments (one model
 * each) are not fused: the fused loop's model is not the sum of theirs.
 * <p>
 * It reorders iterations (iteration i of the second loop runs before iteration i + 1 of the first,
 * and on another processor than the first loop's iteration i may have): the two bodies'
 * {@code input:}/{@code output:} lines must show that neither writes a variable the other reads
 * or writes, by name ({@link DataUse}: conservative); a loop that posts or waits is left alone.
 */
final class FuseLoops implements Transformation {

    static final String NAME = "fuse-loops";

    @Override
    public List<Proposal> propose(Program program, List<Refusal> refused) {
        List<Proposal> out = new ArrayList<>();
        Dag dag = program.dag();
        for (Node serial : Shapes.nodes(program, NodeKind.SERIAL)) {
            List<Child> steps = serial.children();
            for (int j = 0; j + 1 < steps.size(); j++) {
                Child a = steps.get(j);
                Child b = steps.get(j + 1);
                if (!fusable(dag, a, b)) {
                    continue;
                }
                DataUse first = DataUse.of(List.of(a));
                DataUse second = DataUse.of(List.of(b));
                if (!first.annotated() || !second.annotated()) {
                    refused.add(new Refusal(NAME, a.node(), "annotate input: and output: of "
                            + first.silent().or(second::silent).orElseThrow() + " to show that the loops "
                            + a.node().name() + " and " + b.node().name() + " share no data"));
                    continue;
                }
                Optional<String> conflict = first.conflict(second);
                if (conflict.isPresent()) {
                    refused.add(new Refusal(NAME, a.node(), "the loops " + a.node().name() + " and " + b.node().name()
                            + " share " + conflict.get() + ": one loop's iteration may use what another iteration of "
                            + "the other writes"));
                    continue;
                }
                out.add(fuse(program, serial, j));
            }
        }
        return out;
    }

    /** Two unmodelled parallel loops over the same items, one runtime, no team of their own, no sync:. */
    static boolean fusable(Dag dag, Child a, Child b) {
        Node x = a.node();
        Node y = b.node();
        return x.kind() == NodeKind.PARALLEL_LOOP && y.kind() == NodeKind.PARALLEL_LOOP && x != y
                && Shapes.sameItems(List.of(x, y)) && a.use().vars().isEmpty() && b.use().vars().isEmpty()
                && dag.scheduling(x).equals(dag.scheduling(y)) && !Shapes.synchronizes(x) && !Shapes.synchronizes(y);
    }

    private static Proposal fuse(Program program, Node serial, int j) {
        List<Child> steps = serial.children();
        Child a = steps.get(j);
        Child b = steps.get(j + 1);
        List<Child> body = new ArrayList<>();
        Use use = Use.plain(a.use().at());
        for (Child loop : List.of(a, b)) {
            if (loop.node().children().size() == 1) {
                // the loop's data lines say what its one step does over all iterations: they go with the step
                Child step = loop.node().children().get(0);
                body.add(new Child(step.node(), joined(step.use(), loop.use())));
            } else {
                body.addAll(loop.node().children());
                use = joined(use, loop.use());
            }
        }
        Node fused = Rewrite.withChildren(a.node(), body);
        List<Child> children = new ArrayList<>(steps.subList(0, j));
        children.add(new Child(fused, use));
        children.addAll(steps.subList(j + 2, steps.size()));
        Edit edit = new Edit(NAME, serial, "the parallel loops " + a.node().name() + " (" + Shapes.where(a.node())
                + ") and " + b.node().name() + " (" + Shapes.where(b.node()) + ") each loop over "
                + a.node().loopVariable() + " (" + a.node().trips().orElseThrow().text() + " trips) and share no data "
                + "by their input:/output: lines: one parallel loop runs both bodies, one loop start, end and barrier "
                + "fewer (not charged: see docs/explore.md)", j + 1);
        Map<Node, Scheduling> runtime = program.dag().schedules().containsKey(a.node())
                ? Map.of(fused, program.dag().scheduling(a.node())) : Map.of();
        return new Proposal(edit, Rewrite.replace(program, serial, Rewrite.withChildren(serial, children), runtime));
    }

    /** Use {@code a} with the data lines of {@code b} as well (its bindings, arguments and mark are a's). */
    private static Use joined(Use a, Use b) {
        List<DataItem> inputs = new ArrayList<>(a.inputs());
        inputs.addAll(b.inputs());
        List<DataItem> outputs = new ArrayList<>(a.outputs());
        outputs.addAll(b.outputs());
        Map<String, Storage> scope = new HashMap<>(b.scope());
        scope.putAll(a.scope());
        return new Use(a.at(), inputs, outputs, a.vars(), a.varsAt(), scope, a.arguments(), a.independent());
    }
}

package lcm.explore;

import lcm.annotation.DataItem;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.source.SourceLocation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Parallelize a serial loop the sources mark {@code independent} (serialize-loop's inverse): a
 * serial loop becomes a parallel loop over all processors of its node, each iteration on one
 * (docs/composition.md, section 3: ceil(N/p) rounds of the body, LI+ for the last); a modelled
 * serial loop (a fragment made of a loop, serial code) runs on its node's processors, its model
 * evaluated at their number. The new loop runs where the language's loops run: in Java as a
 * parallel stream in the common pool, in Fortran as a static team (OpenMP, KSR).
 * <p>
 * It creates concurrency, and the mark is the user's word for it; lcm refuses it where the
 * sources contradict the mark: iterations that post or wait ({@code sync:}), or a step of the body
 * whose {@code output:} is a whole variable (no subscript), which every iteration then writes.
 */
final class ParallelizeLoop implements Transformation {

    static final String NAME = "parallelize-loop";

    @Override
    public List<Proposal> propose(Program program, List<Refusal> refused) {
        List<Proposal> out = new ArrayList<>();
        Set<Node> done = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Node parent : program.dag().nodes()) {
            for (Child c : parent.children()) {
                Node n = c.node();
                Optional<SourceLocation> mark = c.use().independent();
                if (mark.isEmpty() || n.trips().isEmpty() || !done.add(n)) {
                    continue;
                }
                boolean loop = n.kind() == NodeKind.LOOP;
                boolean serialFragment = n.isFragment() && n.execution() == Execution.SERIAL;
                if (!loop && !serialFragment) {
                    continue; // parallel already (an edit made it so, or the code runs it in parallel)
                }
                Optional<String> contradiction = contradiction(n);
                if (contradiction.isPresent()) {
                    refused.add(new Refusal(NAME, n, "it is marked independent (" + where(mark.get()) + ") but "
                            + contradiction.get()));
                    continue;
                }
                out.add(loop ? parallelLoop(program, n, mark.get()) : parallelFragment(program, n, mark.get()));
            }
        }
        return out;
    }

    private static Proposal parallelLoop(Program program, Node n, SourceLocation mark) {
        Node parallel = new Node(NodeKind.PARALLEL_LOOP, n.name(), n.span(), n.trips(), n.children(), n.model(),
                n.modelAt(), n.sync(), n.routine(), n.loopVariable());
        String runs = java(n) ? "a parallel stream in the common pool" : "a static team";
        Edit edit = new Edit(NAME, n, "the loop " + n.name() + " (" + Shapes.where(n) + ") is marked independent ("
                + where(mark) + "): its " + n.trips().get().text() + " iterations run at once over the processors of its "
                + "node, each on one (" + runs + ")");
        return new Proposal(edit, Rewrite.replace(program, n, parallel, Rewrite.runtime(parallel,
                "the parallel loop lcm explore proposes, as a parallel stream (IntStream.range(...).parallel()) runs "
                        + "in ForkJoinPool.commonPool()")));
    }

    private static Proposal parallelFragment(Program program, Node n, SourceLocation mark) {
        Node parallel = new Node(n.kind(), n.name(), n.span(), n.trips(), n.children(), n.model(), n.modelAt(),
                n.sync(), n.routine(), n.loopVariable(), Execution.PARALLEL, n.branch(), n.fittedOn(),
                n.contention());
        Edit edit = new Edit(NAME, n, "the loop of fragment " + n.name() + " (" + Shapes.where(n) + ") is marked "
                + "independent (" + where(mark) + "): it runs on all processors of its node, its model (written for "
                + "the serial loop) evaluated at their number");
        return new Proposal(edit, Rewrite.replace(program, n, parallel, Map.of()));
    }

    /** What the loop's own annotations say against its mark, if anything. */
    private static Optional<String> contradiction(Node loop) {
        if (Shapes.synchronizes(loop)) {
            return Optional.of("its iterations post or wait (sync:): lcm keeps their order");
        }
        for (Node n : new Dag(loop).nodes()) {
            for (Child c : n.children()) {
                for (DataItem item : c.use().outputs()) {
                    if (item.subscripts() == 0) {
                        return Optional.of("every iteration writes all of " + item.text() + " (output: " + item.text()
                                + " of the step at " + where(c.use().at()) + "): write the part one iteration writes ("
                                + item.text() + "(" + loop.loopVariable() + ")) if each writes its own");
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static boolean java(Node n) {
        return n.span().file().toString().endsWith(".java");
    }

    private static String where(SourceLocation at) {
        return at.file().getFileName() + ":" + at.line() + ":" + at.column();
    }
}

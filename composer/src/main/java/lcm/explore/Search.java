package lcm.explore;

import lcm.dag.Program;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The variants of a program: every sequence of up to {@code depth} edits, breadth first, each
 * structure once (edits that commute reach the same {@link Signature}: the later one is dropped
 * before it is composed). Where a level holds more than {@code beam} variants only the
 * {@code beam} best by {@code score} (lower is better) are carried to the next; when the time
 * limit passes, the search stops with what it has.
 */
final class Search {

    /** Every transformation lcm explore makes, in the order their edits are listed. */
    static final List<Transformation> TRANSFORMATIONS = List.of(new TasksToLoop(), new LoopToTasks(),
            new TasksInSequence(), new SequenceToTasks(), new SerializeLoop(), new ParallelizeLoop(),
            new FuseLoops(), new SplitLoop(), new ThreadsSplit());

    /**
     * @param variants  the program as it is first, then each new structure in the order found
     * @param refusals  the edits of the program as it is that its annotations do not allow, each once
     * @param proposals edits made, duplicates included
     * @param pruned    variants left out by the beam
     * @param timedOut  whether the time limit stopped the search
     */
    record Result(List<Variant> variants, List<Refusal> refusals, int proposals, int pruned, boolean timedOut) {
    }

    private Search() {
    }

    static Result run(Program program, int depth, int beam, long limitNanos, ToDoubleFunction<Variant> score) {
        long start = System.nanoTime();
        Variant original = new Variant(program, List.of(), Signature.of(program));
        List<Variant> all = new ArrayList<>(List.of(original));
        Set<String> seen = new HashSet<>(Set.of(original.signature()));
        Map<String, Refusal> refusals = new LinkedHashMap<>();
        List<Variant> level = List.of(original);
        int proposals = 0;
        int pruned = 0;
        boolean timedOut = false;
        for (int d = 1; d <= depth && !level.isEmpty() && !timedOut; d++) {
            List<Variant> next = new ArrayList<>();
            for (Variant v : level) {
                if (System.nanoTime() - start > limitNanos) {
                    timedOut = true;
                    break;
                }
                List<Refusal> refused = new ArrayList<>();
                for (Transformation t : TRANSFORMATIONS) {
                    for (Proposal p : t.propose(v.program(), refused)) {
                        proposals++;
                        String signature = Signature.of(p.result());
                        if (seen.add(signature)) {
                            List<Edit> edits = new ArrayList<>(v.edits());
                            edits.add(p.edit());
                            next.add(new Variant(p.result(), edits, signature));
                        }
                    }
                }
                if (v.original()) {
                    refused.forEach(r -> refusals.putIfAbsent(r.text(), r));
                }
            }
            if (next.size() > beam) {
                next.sort(Comparator.comparingDouble(score));
                pruned += next.size() - beam;
                next = new ArrayList<>(next.subList(0, beam));
            }
            all.addAll(next);
            level = next;
        }
        return new Result(all, List.copyOf(refusals.values()), proposals, pruned, timedOut);
    }
}

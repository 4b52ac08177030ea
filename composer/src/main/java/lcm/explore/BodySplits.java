package lcm.explore;

import lcm.dag.Child;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a loop's body (a sequence of steps) can be cut in two parts that share no data by their
 * {@code input:}/{@code output:} lines ({@link DataUse}): the cuts, the variables that block the
 * others, or the first step that says nothing of its data (then no cut is known to be safe).
 *
 * @param cuts      each cut: the index of the first step of the second part
 * @param conflicts for each cut that shares data, the variable and where ({@code a (after step 1)})
 * @param silent    the first step without data lines, if any (then {@code cuts} is empty)
 */
record BodySplits(List<Integer> cuts, List<String> conflicts, Optional<String> silent) {

    static BodySplits of(List<Child> body) {
        List<Integer> cuts = new ArrayList<>();
        List<String> conflicts = new ArrayList<>();
        for (int m = 1; m < body.size(); m++) {
            DataUse first = DataUse.of(body.subList(0, m));
            DataUse second = DataUse.of(body.subList(m, body.size()));
            if (!first.annotated() || !second.annotated()) {
                return new BodySplits(List.of(), List.of(), first.silent().or(second::silent));
            }
            Optional<String> conflict = first.conflict(second);
            if (conflict.isPresent()) {
                conflicts.add(conflict.get() + " (after step " + m + ")");
            } else {
                cuts.add(m);
            }
        }
        return new BodySplits(cuts, conflicts, Optional.empty());
    }
}

package lcm.structure;

import lcm.annotation.Annotation;
import lcm.source.Diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code probability:} lines written for the branches of one conditional, collected by a front
 * end branch by branch (docs/annotations.md, "Branch probabilities"): one on the first line inside a
 * branch, or just before the {@code else} / {@code else if} / {@code case} that opens it, is that
 * branch's. A branch given two keeps the later one, and the earlier is warned about, never dropped
 * silently.
 */
public final class BranchProbabilities {

    private final Diagnostics diagnostics;
    private final List<Optional<Annotation.Probability>> done = new ArrayList<>();
    private Optional<Annotation.Probability> current = Optional.empty();

    public BranchProbabilities(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** A {@code probability:} for the branch being read. */
    public void give(Annotation.Probability p) {
        current.ifPresent(old -> diagnostics.warning(old.at(), "this branch has another 'probability:' at line "
                + p.at().line() + ", which counts; this one is ignored"));
        current = Optional.of(p);
    }

    /** Each of {@code annotations} (all {@code probability:} lines) for the branch being read. */
    public void giveAll(List<? extends Annotation> annotations) {
        for (Annotation a : annotations) {
            give((Annotation.Probability) a);
        }
    }

    /** Whether the branch being read has a probability already. */
    public boolean hasCurrent() {
        return current.isPresent();
    }

    /** The branch being read is complete: the next one starts. */
    public void next() {
        done.add(current);
        current = Optional.empty();
    }

    /** One entry per completed branch. */
    public List<Optional<Annotation.Probability>> branches() {
        return List.copyOf(done);
    }
}

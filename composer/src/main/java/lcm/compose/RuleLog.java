package lcm.compose;

import lcm.width.AppliedRule;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The rules one composition applies, in order ({@code compose --explain}). A rule's text is
 * built only when the options keep rules: building it for every node of 10^5 fragments cost
 * time and garbage.
 */
final class RuleLog {

    private final boolean keep;
    private final List<AppliedRule> steps = new ArrayList<>();

    RuleLog(boolean keep) {
        this.keep = keep;
    }

    void add(Supplier<AppliedRule> applied) {
        if (keep) {
            steps.add(applied.get());
        }
    }

    boolean keeps() {
        return keep;
    }

    List<AppliedRule> steps() {
        return steps;
    }
}

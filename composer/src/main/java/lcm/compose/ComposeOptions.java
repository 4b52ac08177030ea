package lcm.compose;

import java.time.Duration;
import java.util.Optional;

/**
 * Options of a composition.
 *
 * @param machine        machine parameters for data transfers; without them transfers add nothing
 * @param realBytes      bytes of a default REAL or COMPLEX part (4, or 8 like a compiler's -r8)
 * @param simplifyLimit  time limit for Symja's simplification of all result expressions together
 * @param simplify       whether to simplify at all (benchmarks of composition turn it off)
 * @param rules          whether to keep every rule applied with its expression ({@code compose
 *                       --explain}); without them a large program's intermediate models are
 *                       garbage as soon as their parent is composed
 */
public record ComposeOptions(Optional<Machine> machine, int realBytes, Duration simplifyLimit, boolean simplify,
                             boolean rules) {

    /** Options that keep the rules applied. */
    public ComposeOptions(Optional<Machine> machine, int realBytes, Duration simplifyLimit, boolean simplify) {
        this(machine, realBytes, simplifyLimit, simplify, true);
    }

    public static ComposeOptions defaults() {
        return new ComposeOptions(Optional.empty(), 4, Duration.ZERO, false, true);
    }

    public ComposeOptions withMachine(Machine m) {
        return new ComposeOptions(Optional.of(m), realBytes, simplifyLimit, simplify, rules);
    }

    public ComposeOptions withRealBytes(int bytes) {
        return new ComposeOptions(machine, bytes, simplifyLimit, simplify, rules);
    }

    public ComposeOptions withoutSimplification() {
        return new ComposeOptions(machine, realBytes, simplifyLimit, false, rules);
    }

    /** Options that record no rules ({@link ComposedModel#steps()} empty): what compose without --explain needs. */
    public ComposeOptions withoutRules() {
        return new ComposeOptions(machine, realBytes, simplifyLimit, simplify, false);
    }
}

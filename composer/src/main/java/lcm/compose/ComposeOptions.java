package lcm.compose;

import lcm.machine.MachineDescription;
import lcm.machine.MachineKey;

import java.time.Duration;
import java.util.Optional;

/**
 * Options of a composition.
 *
 * @param machine        the machine, for data transfers (latency, bandwidth, rc); without one transfers add nothing
 * @param realBytes      bytes of a default REAL or COMPLEX part (4, or 8 like a compiler's -r8)
 * @param simplifyLimit  time limit for Symja's simplification of all result expressions together
 * @param simplify       whether to simplify at all (benchmarks of composition turn it off)
 * @param rules          whether to keep every rule applied with its expression ({@code compose
 *                       --explain}); without them a large program's intermediate models are
 *                       garbage as soon as their parent is composed
 */
public record ComposeOptions(Optional<MachineDescription> machine, int realBytes, Duration simplifyLimit, boolean simplify,
                             boolean rules) {

    /** Options that keep the rules applied. */
    public ComposeOptions(Optional<MachineDescription> machine, int realBytes, Duration simplifyLimit, boolean simplify) {
        this(machine, realBytes, simplifyLimit, simplify, true);
    }

    public static ComposeOptions defaults() {
        return new ComposeOptions(Optional.empty(), 4, Duration.ZERO, false, true);
    }

    /** With {@code m} for data transfers; it must give latency, bandwidth and rc. */
    public ComposeOptions withMachine(MachineDescription m) {
        m.require("lcm compose", MachineKey.LATENCY, MachineKey.BANDWIDTH, MachineKey.RC);
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

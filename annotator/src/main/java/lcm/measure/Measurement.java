package lcm.measure;

import lcm.source.SourceLocation;

import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One observation of a code fragment: its executions in one run of lcm measure (aggregated per
 * run: the quantities per execution, their medians as {@code <key>_med}, the executions as
 * {@code execs}), or one line or repetition of a file without runs. The fragment's tag, the
 * values of its variables (n, p, ...) and of the quantities measured (li, pc, ...), and where in
 * the data file it came from. Variables and quantities share one map of keys, the way a pp line
 * does; {@link MeasurementSet#quantities()} says which keys are measured quantities, and
 * {@link Quantities#isReserved} which are neither.
 *
 * @param tag    the fragment name ({@code tag=} of a pp line, REGION of Extra-P), "" if none
 * @param values key to value, in the order the file gave them
 * @param at     the line (and column of the first value) the measurement was read from
 * @param run    the run it belongs to (the index of its {@code # run:} header in the file), or
 *               {@link #OWN_RUN} when it is a run of its own (files without run headers)
 */
public record Measurement(String tag, Map<String, Double> values, SourceLocation at, int run) {

    /** The run of a measurement that stands alone: every such measurement is a run of its own. */
    public static final int OWN_RUN = -1;

    public Measurement {
        Objects.requireNonNull(tag, "tag");
        Objects.requireNonNull(at, "at");
        values = CompactValues.of(values);
    }

    /** A measurement that is a run of its own (one line of a file without run headers, an Extra-P repetition). */
    public Measurement(String tag, Map<String, Double> values, SourceLocation at) {
        this(tag, values, at, OWN_RUN);
    }

    /** The executions this observation stands for ({@code execs}; 1 for a single execution or repetition). */
    public long executions() {
        Double e = values.get("execs");
        return e == null ? 1 : Math.round(e);
    }

    public OptionalDouble value(String key) {
        Double v = values.get(key);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }
}

package lcm.measure;

import lcm.source.SourceLocation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One execution (or one repetition of one execution) of a code fragment: the fragment's tag,
 * the values of its variables (n, p, ...) and of the quantities measured (li, pc, ...), and
 * where in the data file it came from. Variables and quantities share one map of keys, the way
 * a pp line does; {@link MeasurementSet#quantities()} says which keys are measured quantities.
 *
 * @param tag    the fragment name ({@code tag=} of a pp line, REGION of Extra-P), "" if none
 * @param values key to value, in the order the file gave them
 * @param at     the line (and column of the first value) the measurement was read from
 */
public record Measurement(String tag, Map<String, Double> values, SourceLocation at) {

    public Measurement {
        Objects.requireNonNull(tag, "tag");
        Objects.requireNonNull(at, "at");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public OptionalDouble value(String key) {
        Double v = values.get(key);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }
}

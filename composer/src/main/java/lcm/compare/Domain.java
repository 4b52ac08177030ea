package lcm.compare;

import lcm.expr.Processors;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the alternatives are compared: one or two ranging variables (axes) and fixed values for
 * the rest. The <em>column</em> axis is p when p ranges, else the first axis; the other axis, if
 * any, is the <em>row</em> axis. Regions are exact along columns and per row along rows.
 *
 * @param axes    the ranging variables in the order the user gave them
 * @param fixed   fixed values of the other variables
 * @param origins where each fixed value came from ({@code --fix}, or a source's default)
 */
public record Domain(List<Axis> axes, Map<String, Double> fixed, Map<String, String> origins) {

    public Domain {
        axes = List.copyOf(axes);
        if (axes.isEmpty() || axes.size() > 2) {
            throw new IllegalArgumentException("one or two axes");
        }
        fixed = Collections.unmodifiableMap(new LinkedHashMap<>(fixed));
        origins = Collections.unmodifiableMap(new LinkedHashMap<>(origins));
    }

    public Axis column() {
        if (axes.size() > 1 && axes.get(1).variable().equals(Processors.NAME)) {
            return axes.get(1);
        }
        return axes.get(0);
    }

    public Optional<Axis> row() {
        if (axes.size() == 1) {
            return Optional.empty();
        }
        return Optional.of(axes.get(0) == column() ? axes.get(1) : axes.get(0));
    }

    /** The variable order of compiled models: column, then row. */
    public List<String> order() {
        return row().map(r -> List.of(column().variable(), r.variable())).orElse(List.of(column().variable()));
    }

    public int rows() {
        return row().map(Axis::points).orElse(1);
    }

    public int columns() {
        return column().points();
    }

    /** Whether the variable ranges. */
    public boolean ranges(String variable) {
        return axes.stream().anyMatch(a -> a.variable().equals(variable));
    }

    public Optional<Axis> axis(String variable) {
        return axes.stream().filter(a -> a.variable().equals(variable)).findFirst();
    }
}

package lcm.measure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The measurements read from one data file.
 *
 * @param file         the file as the user named it
 * @param format       the name of the reader that read it ({@code pp}, {@code csv}, {@code extrap})
 * @param measurements in file order
 * @param quantities   the keys that are measured quantities (li, pc, an Extra-P METRIC, ...);
 *                     every other key is a variable
 * @param notes        what the user is told about how the file was read: the points whose runs
 *                     were sampled ({@code file:line: point n = 128, p = 2: 4,800 runs; ...},
 *                     {@link lcm.pp.RunReservoir}); empty for most files
 */
public record MeasurementSet(Path file, String format, List<Measurement> measurements, Set<String> quantities,
                             List<String> notes) {

    public MeasurementSet {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        measurements = List.copyOf(measurements);
        quantities = Set.copyOf(quantities);
        notes = List.copyOf(notes);
    }

    /** A set read whole, with nothing to tell. */
    public MeasurementSet(Path file, String format, List<Measurement> measurements, Set<String> quantities) {
        this(file, format, measurements, quantities, List.of());
    }

    public boolean isEmpty() {
        return measurements.isEmpty();
    }

    public int size() {
        return measurements.size();
    }

    /** The fragment tags present, in order of first appearance ("" for untagged measurements). */
    public List<String> tags() {
        Set<String> out = new LinkedHashSet<>();
        measurements.forEach(m -> out.add(m.tag()));
        return List.copyOf(out);
    }

    /** Every key present, in order of first appearance. */
    public List<String> keys() {
        Set<String> out = new LinkedHashSet<>();
        measurements.forEach(m -> out.addAll(m.values().keySet()));
        return List.copyOf(out);
    }

    /** The keys that are variables (not measured quantities, not reserved), in order of first appearance. */
    public List<String> variables() {
        return keys().stream().filter(k -> !quantities.contains(k) && !Quantities.isReserved(k)).toList();
    }

    /** The number of runs the measurements come from (a measurement without a run is a run of its own). */
    public int runs() {
        Set<Integer> runs = new java.util.HashSet<>();
        int own = 0;
        for (Measurement m : measurements) {
            if (m.run() == Measurement.OWN_RUN) {
                own++;
            } else {
                runs.add(m.run());
            }
        }
        return runs.size() + own;
    }

    /** The fragment executions the measurements stand for. */
    public long executions() {
        long n = 0;
        for (Measurement m : measurements) {
            n += m.executions();
        }
        return n;
    }

    /** The measured quantities present, in order of first appearance. */
    public List<String> quantitiesPresent() {
        return keys().stream().filter(quantities::contains).toList();
    }

    /** The distinct values a key takes, ascending. */
    public Set<Double> distinct(String key) {
        Set<Double> out = new TreeSet<>();
        for (Measurement m : measurements) {
            Double v = m.values().get(key);
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }

    public MeasurementSet filter(Predicate<Measurement> keep) {
        List<Measurement> out = new ArrayList<>();
        for (Measurement m : measurements) {
            if (keep.test(m)) {
                out.add(m);
            }
        }
        return new MeasurementSet(file, format, out, quantities, notes);
    }

    /** The measurements of one fragment. */
    public MeasurementSet withTag(String tag) {
        return filter(m -> m.tag().equals(tag));
    }
}

package lcm.measure;

import lcm.expr.NumberText;
import lcm.pp.RunReservoir;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The observations of a file that are runs of their own ({@link Measurement#OWN_RUN}: the rows of
 * a CSV file, the repetitions of Extra-P, pp lines outside any {@code # run:} header), as a reader
 * makes them, bounded as runs under headers are: per point at most
 * {@link RunReservoir#RUNS_PER_POINT}, above that a uniform sample of that many (the same
 * {@link RunReservoir}, its fixed seed and its warning). A point here is a fragment (the row's
 * tag) at the values of its coordinates (the keys that place a row, not those measured at it),
 * with the names of its keys in the order given (a CSV file's header): an Extra-P region's metrics, or the rows of a CSV file that
 * leave a column empty, are sampled each on their own, so that every quantity keeps its runs.
 * Up to the bound every row is kept and nothing is drawn: the file is read as if there were no
 * bound. A row left out was read and checked like any other (its errors are reported where they
 * are); it is only not kept. The kept rows come back in the order the reader gave them.
 */
final class OwnRuns {

    private final Path file;
    private final Predicate<String> coordinate;
    /** What {@link #coordinate} said of each key (asked once a key: a file's rows repeat a few keys). */
    private final Map<String, Boolean> isCoordinate = new HashMap<>();
    private final RunReservoir<Measurement> reservoir;

    /**
     * The rows of {@code file}, whose coordinates are the keys {@code coordinate} accepts (asked
     * once a key, at its first row), at most {@code runsPerPoint} kept a point.
     */
    OwnRuns(Path file, Predicate<String> coordinate, int runsPerPoint) {
        this.file = file;
        this.coordinate = coordinate;
        this.reservoir = new RunReservoir<>(runsPerPoint);
    }

    /** {@link #OwnRuns(Path, Predicate, int)} with {@link RunReservoir#RUNS_PER_POINT} a point. */
    OwnRuns(Path file, Predicate<String> coordinate) {
        this(file, coordinate, RunReservoir.RUNS_PER_POINT);
    }

    /**
     * The coordinates of pp lines and CSV rows: the variables (every key that is neither a
     * measured quantity nor reserved, {@link Quantities}), and the processors and width
     * ({@code procs}, {@code width}), which place a row as the variables do.
     */
    static boolean places(String key) {
        return !Quantities.isQuantity(key) && (!Quantities.isReserved(key) || key.equals("procs") || key.equals("width"));
    }

    /** A row read without errors: kept, or left out of its point's sample. */
    void add(String tag, Map<String, Double> values, SourceLocation at) {
        String[] keys = new String[values.size()];
        double[] coordinates = new double[keys.length];
        int k = 0;
        int c = 0;
        for (Map.Entry<String, Double> e : values.entrySet()) {
            keys[k++] = e.getKey();
            if (isCoordinate.computeIfAbsent(e.getKey(), coordinate::test)) {
                coordinates[c++] = e.getValue();
            }
        }
        FragmentPoint point = new FragmentPoint(tag, keys, Arrays.copyOf(coordinates, c));
        if (reservoir.admit(point, () -> label(point), at.line())) {
            reservoir.put(new Measurement(tag, values, at));
        }
    }

    /** How the warning names a point: {@code cffts at n = 256, p = 4 (pc, li)}. */
    private String label(FragmentPoint p) {
        Map<String, Double> coordinates = new LinkedHashMap<>();
        List<String> measured = new ArrayList<>();
        int c = 0;
        for (String key : p.names()) {
            if (isCoordinate.get(key)) {
                coordinates.put(key, p.values()[c++]);
            } else {
                measured.add(key);
            }
        }
        String at = NumberText.point(coordinates);
        String where = p.tag().isEmpty() ? at : at.isEmpty() ? p.tag() : p.tag() + " at " + at;
        return measured.isEmpty() ? where : where + " (" + String.join(", ", measured) + ")";
    }

    /** The rows kept, in the order they were added. */
    List<Measurement> kept() {
        return reservoir.kept();
    }

    /** The warning about the points with more rows than are kept, if any ({@link RunReservoir#notes}). */
    List<String> notes() {
        return reservoir.notes(file);
    }
}

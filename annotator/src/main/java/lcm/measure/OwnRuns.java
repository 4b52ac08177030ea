package lcm.measure;

import lcm.expr.NumberText;
import lcm.pp.RunReservoir;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.ArrayList;
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
 * with the names of the keys measured: an Extra-P region's metrics, or the rows of a CSV file that
 * leave a column empty, are sampled each on their own, so that every quantity keeps its runs.
 * Up to the bound every row is kept and nothing is drawn: the file is read as if there were no
 * bound. A row left out was read and checked like any other (its errors are reported where they
 * are); it is only not kept. The kept rows come back in the order the reader gave them.
 */
final class OwnRuns {

    /** A fragment at a point, with the keys measured there. */
    private record Point(String tag, Map<String, Double> coordinates, List<String> measured) {
    }

    private final Path file;
    private final Predicate<String> coordinate;
    private final RunReservoir<Measurement> reservoir;

    /**
     * The rows of {@code file}, whose coordinates are the keys {@code coordinate} accepts (asked
     * for each row, so a reader may still be learning them), at most {@code runsPerPoint} kept a point.
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
        Map<String, Double> coordinates = new LinkedHashMap<>();
        List<String> measured = new ArrayList<>(values.size());
        values.forEach((k, v) -> {
            if (coordinate.test(k)) {
                coordinates.put(k, v);
            } else {
                measured.add(k);
            }
        });
        Point point = new Point(tag, coordinates, measured);
        if (reservoir.admit(point, () -> label(point), at.line())) {
            reservoir.put(new Measurement(tag, values, at));
        }
    }

    /** How the warning names a point: {@code cffts at n = 256, p = 4 (pc, li)}. */
    private static String label(Point p) {
        String at = NumberText.point(p.coordinates());
        String where = p.tag().isEmpty() ? at : at.isEmpty() ? p.tag() : p.tag() + " at " + at;
        return p.measured().isEmpty() ? where : where + " (" + String.join(", ", p.measured()) + ")";
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

package lcm.pp;

import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Which runs of a file are kept, per point (a {@code # run:} header's variables and p; for a file
 * without run headers, whose rows are runs of their own, a fragment at its variables'
 * values, {@code lcm.measure.OwnRuns}): every
 * run up to {@link #RUNS_PER_POINT} at its point, and above that a uniform sample of that many of
 * the point's runs (Vitter's algorithm R: the i-th run of a point, i counted from 0, takes a slot
 * drawn from 0 .. i when the draw is below the bound, else it is left out), with a fixed seed, so
 * that the same file keeps the same runs in every command and every reader of it (the runs' data
 * lines and their headers' times). Below the bound nothing is left out and nothing is drawn: a file
 * is read exactly as if every run were kept. Holding a file costs at most the bound's runs per
 * point, whatever its length (docs/fitting.md, "Run-heavy files").
 *
 * @param <T> what a kept run holds (its observations, its summed categories)
 */
public final class RunReservoir<T> {

    /** The runs kept per point: above it, a uniform sample of this many. */
    public static final int RUNS_PER_POINT = 256;

    /** The seed of the draws (fixed: the same file keeps the same runs). */
    public static final long SEED = 20261129L;

    /** A point's runs: what the user is told it is, how many were seen, and the kept ones in their slots with their ordinals. */
    private static final class Point<T> {
        final String label;
        final int line;
        long seen;
        final List<T> kept = new ArrayList<>();
        final List<Integer> ordinals = new ArrayList<>();

        Point(String label, int line) {
            this.label = label;
            this.line = line;
        }
    }

    private final int bound;
    private final Random random = new Random(SEED);
    private final Map<Object, Point<T>> points = new LinkedHashMap<>();
    private int runs;
    private Point<T> current;
    private int slot = -1;

    /** A reservoir of {@link #RUNS_PER_POINT} runs per point. */
    public RunReservoir() {
        this(RUNS_PER_POINT);
    }

    /** A reservoir of {@code bound} runs per point (at least 1). */
    public RunReservoir(int bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("bound " + bound);
        }
        this.bound = bound;
    }

    /**
     * A run starts at {@code point} (its header on {@code line}): whether it is kept. A kept run's
     * content is given by {@link #put} before the next run starts.
     */
    public boolean admit(Map<String, Double> point, int line) {
        return admit(point, () -> NumberText.point(point), line);
    }

    /**
     * {@link #admit(Map, int)} for a point told by {@code point} (any value with
     * {@code equals} and {@code hashCode}, not changed afterwards) and named in the note by
     * {@code label} (asked once per point).
     */
    public boolean admit(Object point, java.util.function.Supplier<String> label, int line) {
        Point<T> p = points.get(point);
        if (p == null) {
            p = new Point<>(label.get(), line);
            points.put(point, p);
        }
        long i = p.seen++;
        current = p;
        int ordinal = runs++;
        if (i < bound) {
            slot = (int) i;
            p.kept.add(null);
            p.ordinals.add(ordinal);
        } else {
            long j = random.nextLong(i + 1);
            slot = j < bound ? (int) j : -1;
            if (slot >= 0) {
                p.ordinals.set(slot, ordinal);
            }
        }
        return slot >= 0;
    }

    /** The content of the run {@link #admit} kept last. */
    public void put(T run) {
        if (slot < 0) {
            throw new IllegalStateException("no kept run to put");
        }
        current.kept.set(slot, run);
        slot = -1;
    }

    /** The runs seen, kept or not. */
    public int runs() {
        return runs;
    }

    /** The kept runs, in the order they came in the file. */
    public List<T> kept() {
        List<long[]> order = new ArrayList<>();
        List<T> all = new ArrayList<>();
        for (Point<T> p : points.values()) {
            for (int s = 0; s < p.kept.size(); s++) {
                if (p.kept.get(s) != null) {
                    order.add(new long[] {p.ordinals.get(s), all.size()});
                    all.add(p.kept.get(s));
                }
            }
        }
        order.sort(Comparator.comparingLong(o -> o[0]));
        List<T> out = new ArrayList<>(all.size());
        order.forEach(o -> out.add(all.get((int) o[1])));
        return out;
    }

    /** The kept runs' ordinals (the index of their header among the file's run headers), ascending. */
    public int[] keptOrdinals() {
        return points.values().stream().flatMap(p -> p.ordinals.stream()).mapToInt(Integer::intValue).sorted().toArray();
    }

    /**
     * What to tell the user when some point had more runs than the bound, at the line of the
     * first such point's first run header: {@code 10 points have more runs than lcm keeps (256 a
     * point): n = 128, p = 1: 4,800 runs; ...; each is fitted, resampled and summarised from a
     * uniform sample of 256 of its runs}; empty when no point had.
     */
    public java.util.Optional<Sampled> sampled() {
        List<Point<T>> over = points.values().stream().filter(p -> p.seen > bound).toList();
        if (over.isEmpty()) {
            return java.util.Optional.empty();
        }
        StringBuilder b = new StringBuilder(over.size() == 1 ? "a point has" : NumberText.count(over.size()) + " points have")
                .append(" more runs than lcm keeps (").append(NumberText.count(bound)).append(" a point): ");
        for (int i = 0; i < Math.min(LISTED, over.size()); i++) {
            b.append(i == 0 ? "" : "; ").append(over.get(i).label).append(": ")
                    .append(NumberText.count(over.get(i).seen)).append(" runs");
        }
        if (over.size() > LISTED) {
            b.append("; and ").append(NumberText.count(over.size() - LISTED)).append(" more");
        }
        b.append("; ").append(over.size() == 1 ? "it is" : "each is").append(" fitted, resampled and summarised from a uniform sample of ")
                .append(NumberText.count(bound)).append(" of its runs");
        return java.util.Optional.of(new Sampled(over.get(0).line, b.toString()));
    }

    /** {@link #sampled()} located in {@code file} ({@code file:line: message}), as a list of none or one. */
    public List<String> notes(java.nio.file.Path file) {
        return sampled().map(s -> List.of(file + ":" + s.line() + ": " + s.message())).orElse(List.of());
    }

    /** The points a note names; the others are counted. */
    private static final int LISTED = 3;

    /** Points whose runs were sampled: the line of the first one's first run header and what to tell the user. */
    public record Sampled(int line, String message) {
    }

    @Override
    public String toString() {
        return runs + " runs, kept " + Arrays.toString(keptOrdinals());
    }
}

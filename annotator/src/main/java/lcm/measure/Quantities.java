package lcm.measure;

import lcm.pp.PpLineCodec;

import java.util.Set;

/**
 * The keys of pp lines and CSV columns that are measured quantities rather than variables: the
 * thesis' lost-cycle categories (li ip sl cl rc), its remaining time rt and total time tt, and
 * lcm's pc (pure computation, the same as rt). Every other key is a variable.
 */
public final class Quantities {

    public static final Set<String> KEYS = Set.of("pc", "rt", "li", "ip", "sl", "cl", "rc", "tt");

    /** Keys that name the fragment rather than a value. */
    public static final Set<String> TAG_KEYS = PpLineCodec.TAG_KEYS;

    /**
     * Keys of lcm measure's lines that are neither variables nor fitted quantities (docs/measure.md):
     * the run's processors, the fragment's width, the executions in the run, wall times, and
     * {@code <category>_med} (the median per execution; {@link #isReserved}); and {@link #SPREAD}.
     */
    public static final Set<String> RESERVED = Set.of("procs", "width", "execs", "wall", "wall_med", "beyond");

    /**
     * The spread of the threads' busy times ({@link PpLineCodec#SPREAD_KEYS}: {@code thr tmean
     * tsd}): reserved too, read by the li model from its causes (docs/fitting.md).
     */
    public static final Set<String> SPREAD = PpLineCodec.SPREAD_KEYS;
    public static final String THREADS = PpLineCodec.THREADS;
    public static final String BUSY_MEAN = PpLineCodec.BUSY_MEAN;
    public static final String BUSY_SD = PpLineCodec.BUSY_SD;

    /** The suffix of a quantity's median per execution ({@code pc_med}). */
    public static final String MEDIAN = "_med";

    private Quantities() {
    }

    public static boolean isQuantity(String key) {
        return KEYS.contains(key);
    }

    /** Whether {@code key} is reserved: not a variable, not a quantity fitted by default ({@link #RESERVED}, {@code *_med}). */
    public static boolean isReserved(String key) {
        return RESERVED.contains(key) || key.endsWith(MEDIAN) || SPREAD.contains(key);
    }

    public static boolean isTag(String key) {
        return TAG_KEYS.contains(key);
    }
}

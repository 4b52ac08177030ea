package lcm.measure;

import java.util.Set;

/**
 * The keys of pp lines and CSV columns that are measured quantities rather than variables: the
 * thesis' lost-cycle categories (li ip sl cl rc), its remaining time rt and total time tt, and
 * lcm's pc (pure computation, the same as rt). Every other key is a variable.
 */
public final class Quantities {

    public static final Set<String> KEYS = Set.of("pc", "rt", "li", "ip", "sl", "cl", "rc", "tt");

    /** Keys that name the fragment rather than a value. */
    public static final Set<String> TAG_KEYS = Set.of("tag", "t");

    private Quantities() {
    }

    public static boolean isQuantity(String key) {
        return KEYS.contains(key);
    }

    public static boolean isTag(String key) {
        return TAG_KEYS.contains(key);
    }
}

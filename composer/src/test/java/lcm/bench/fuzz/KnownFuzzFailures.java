package lcm.bench.fuzz;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fuzz inputs (seed 1994, indices as {@code lcm bench fuzz 1 --formats F --from I} replays
 * them) that fail today because of a known defect, each with the defect and the text its
 * failure must contain. Empty: every input of every format ends in exit 0 or a located exit 2
 * (docs/reliability.md). A defect found later and not mended at once is listed here with
 * {@link #list}, never an input without its defect; FuzzTest reports listed inputs that pass.
 */
final class KnownFuzzFailures {

    /** A defect: what is wrong, and the text a failure it causes contains. */
    record Defect(String name, String failure) {
    }

    private static final Map<String, Map<Integer, Defect>> KNOWN = new HashMap<>();

    private KnownFuzzFailures() {
    }

    static void list(String format, Defect defect, int... inputs) {
        Map<Integer, Defect> m = KNOWN.computeIfAbsent(format, f -> new HashMap<>());
        for (int i : inputs) {
            m.put(i, defect);
        }
    }

    /** The known failing inputs of a format, by index. */
    static Map<Integer, Defect> of(String format) {
        return KNOWN.getOrDefault(format, Map.of());
    }

    /** The formats with known failures. */
    static List<String> formats() {
        return List.copyOf(KNOWN.keySet());
    }
}

package lcm.validate;

import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why resamples failed, as a warning says it: the most frequent failure messages with how many
 * resamples each stopped, most frequent first (ties in the order first met), so that a count of
 * failures never stands without its reasons.
 */
final class FailureReasons {

    /** At most this many messages are named; the rest are counted. */
    static final int SHOWN = 3;

    private FailureReasons() {
    }

    /** {@code "41 x 'message a'; 18 x 'message b'"}, and how many others there were. */
    static String of(List<String> failures) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        failures.forEach(f -> counts.merge(f, 1, Integer::sum));
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort(Comparator.comparing((Map.Entry<String, Integer> e) -> -e.getValue())); // stable: ties keep order
        List<String> shown = new ArrayList<>();
        for (Map.Entry<String, Integer> e : sorted.subList(0, Math.min(SHOWN, sorted.size()))) {
            shown.add(e.getValue() + " x '" + e.getKey() + "'");
        }
        int others = sorted.size() - shown.size();
        return String.join("; ", shown) + (others == 0 ? "" : "; and " + NumberText.counted(others, "other reason"));
    }
}

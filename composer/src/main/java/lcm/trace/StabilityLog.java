package lcm.trace;

import lcm.source.Diagnostic;

import java.util.ArrayList;
import java.util.List;

/**
 * Stability warnings (Mendes section 3.2): places where the matching of posts to waits, or
 * of messages to receives, depends on timing, so that the predicted event order may differ from
 * the measured one. Keeps the first few and counts the rest, so memory stays bounded.
 */
public final class StabilityLog {

    static final int SHOWN = 10;

    private final List<Diagnostic> shown = new ArrayList<>();
    private long more;

    public void warn(Step at, String message) {
        if (shown.size() < SHOWN) {
            shown.add(at != null && at.origin() != null
                    ? Diagnostic.warning(at.origin(), message)
                    : Diagnostic.warning(message));
        } else {
            more++;
        }
    }

    public List<Diagnostic> warnings() {
        List<Diagnostic> out = new ArrayList<>(shown);
        if (more > 0) {
            out.add(Diagnostic.warning(more + " more stability warning" + (more == 1 ? "" : "s") + " not shown"));
        }
        return out;
    }
}

package lcm.trace;

import java.util.List;

/**
 * Where the time of a critical path goes: per task and per state (computation, send, receive,
 * collective, wait) the seconds on the path and off it, and the largest contributors to the
 * path, (task, fragment or state name) pairs ranked by their seconds on it: what to shorten.
 * Wait is never on the path: a task that waits is released by another task, and the path
 * runs through that task.
 */
public record PathSummary(List<Row> byTask, List<Row> byState, List<Contributor> top) {

    /** How many contributors are kept. */
    public static final int TOP = 10;

    public record Row(String name, double onPath, double offPath) {
    }

    public record Contributor(String task, String label, StateCategory category, double seconds) {
    }

    public PathSummary {
        byTask = List.copyOf(byTask);
        byState = List.copyOf(byState);
        top = List.copyOf(top);
    }
}

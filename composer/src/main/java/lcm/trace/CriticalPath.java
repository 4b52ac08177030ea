package lcm.trace;

import lcm.source.Diagnostic;

import java.util.List;

/**
 * The critical path of a set of tasks that synchronize through posts and waits, messages and
 * barriers (docs/composition.md#5-synchronization): the time the last task finishes and the chain of events that sets it.
 * <pre>
 * CriticalPath.Result r = CriticalPath.of(List.of(producer, consumer));
 * r.length();   // predicted time
 * r.path();     // task start ... post ready(1) / wait ready(1) ... end
 * </pre>
 * Errors (a wait that no post satisfies, negative durations) are {@link lcm.source.UserError}s
 * located at the offending step when it carries a source location.
 */
public final class CriticalPath {

    private CriticalPath() {
    }

    /**
     * @param length   when the last task's last event happens
     * @param path     the critical path, first event first: where it starts, every event where it
     *                 changes task (the releasing post / send / barrier arrival and the released
     *                 wait / receive / barrier), and the final event
     * @param events   the number of steps processed
     * @param tasks    the number of tasks
     * @param warnings stability warnings (Mendes 3.2)
     */
    public record Result(double length, List<PathEvent> path, long events, int tasks, List<Diagnostic> warnings) {
        public Result {
            path = List.copyOf(path);
            warnings = List.copyOf(warnings);
        }
    }

    public static Result of(List<? extends TaskStream> tasks) {
        return of(tasks, EventSink.NONE);
    }

    /** Runs the engine and hands every event to {@code sink} as its time is fixed. */
    public static Result of(List<? extends TaskStream> tasks, EventSink sink) {
        return new StreamingEngine(tasks, sink).run();
    }
}

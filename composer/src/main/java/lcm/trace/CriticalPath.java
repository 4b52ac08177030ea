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
     * @param start    when the first task starts (the trace's own clock: 0, or a timestamp)
     * @param end      when the last task's last event happens
     * @param path     the critical path, first event first: where it starts, every event where it
     *                 changes task (the releasing post / send / barrier arrival and the released
     *                 wait / receive / barrier), and the final event
     * @param events   the number of steps processed
     * @param tasks    the number of tasks
     * @param summary  per task and state, the time on the path and off it; the top contributors
     * @param warnings stability warnings (Mendes 3.2)
     */
    public record Result(double start, double end, List<PathEvent> path, long events, int tasks, PathSummary summary,
                         List<Diagnostic> warnings) implements AutoCloseable {
        public Result {
            path = path instanceof PathList ? path : List.copyOf(path); // a long path stays in its log
            warnings = List.copyOf(warnings);
        }

        /**
         * Releases the temporary file a long path is read from (the path is empty afterwards
         * for such a result); results of small runs hold nothing to release.
         */
        @Override
        public void close() {
            if (path instanceof PathList p) {
                p.close();
            }
        }

        /** The predicted running time: end minus start, in seconds. */
        public double length() {
            return end - start;
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

package lcm.trace;

import lcm.source.Diagnostic;

import java.util.List;

/**
 * A measured message-passing trace in memory: per task its intervals in time order (Mendes'
 * computation, send and receive intervals). Built by {@link MessageTraceReader} and
 * {@link ParaverReader}; turned into engine tasks by {@link MessagePrograms}.
 */
public record MessageTrace(List<Task> tasks, List<Diagnostic> warnings) {

    public record Task(String name, List<Interval> intervals) {
        public Task {
            intervals = List.copyOf(intervals);
        }

        public double start() {
            return intervals.isEmpty() ? 0 : intervals.get(0).begin();
        }
    }

    public MessageTrace {
        tasks = List.copyOf(tasks);
        warnings = List.copyOf(warnings);
    }
}

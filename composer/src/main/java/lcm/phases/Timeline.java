package lcm.phases;

import lcm.source.Diagnostic;
import lcm.trace.MessageTrace;

import java.util.List;
import java.util.Optional;

/**
 * What the phase analyses need from a trace: every task's busy and lost spans, the message
 * trace behind them when the trace is a message-passing one (for the logical trace), and the
 * warnings the reader found. {@code start} and {@code end} are the first and last instants of
 * any span, so {@link #length()} is a duration whatever the trace's clock origin.
 */
public record Timeline(String source, List<Lane> lanes, Optional<MessageTrace> messages, List<Diagnostic> warnings) {

    public Timeline {
        lanes = List.copyOf(lanes);
        warnings = List.copyOf(warnings);
    }

    public double start() {
        double s = Double.POSITIVE_INFINITY;
        for (Lane l : lanes) {
            if (!l.spans().isEmpty()) {
                s = Math.min(s, l.spans().get(0).begin());
            }
        }
        return Double.isFinite(s) ? s : 0;
    }

    public double end() {
        double e = Double.NEGATIVE_INFINITY;
        for (Lane l : lanes) {
            for (Span sp : l.spans()) {
                e = Math.max(e, sp.end());
            }
        }
        return Double.isFinite(e) ? e : 0;
    }

    public double length() {
        return end() - start();
    }

    public int processors() {
        return lanes.size();
    }
}

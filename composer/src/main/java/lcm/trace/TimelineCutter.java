package lcm.trace;

import lcm.source.SourceLocation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns a measured thread timeline (states or slices, in order, not overlapping) and the
 * instants at which it sent or received messages into {@link Interval}s: the part of a state
 * up to a send instant is the send, the part up to a receive instant is the receive, the rest
 * is computation labelled with the state's name, or a collective operation when the name says
 * so ({@link StateCategory#isCollective}). An instant outside every state (before the
 * first, in a gap, after the last) is a send or receive of no duration at that instant.
 * Receives at one instant are ordered latest send first, so the message that arrived last is
 * the one waited for; sends and receives of no duration at one instant are ordered sends first
 * ({@link #RECEIVES_FIRST}). Used by the Paraver and Chrome readers.
 */
final class TimelineCutter {

    /**
     * A measured state: from begin to end seconds, labelled. {@code collective}: the trace says
     * that a collective operation runs in it (Paraver's MPI collective event), whatever its name.
     */
    record State(double begin, double end, String label, boolean collective, SourceLocation at) {
        State(double begin, double end, String label, SourceLocation at) {
            this(begin, end, label, false, at);
        }

        boolean isCollective() {
            return collective || StateCategory.isCollective(label);
        }
    }

    /**
     * A message leaving ({@code send}) or arriving at this thread; {@code sendTime} orders
     * receives. An {@code instant} endpoint takes no time (Paraver: its logical and physical
     * times are equal): it cuts the state it falls in, and no part of the state becomes the send
     * or receive.
     */
    record Endpoint(double time, boolean send, Message message, double sendTime, boolean instant, SourceLocation at) {
        Endpoint(double time, boolean send, Message message, double sendTime, SourceLocation at) {
            this(time, send, message, sendTime, false, at);
        }
    }

    private TimelineCutter() {
    }

    /**
     * Endpoints at one instant. Those that end a state's stretch come first, receives first and
     * the latest send first (Paraver: what a Wait state completed); then those of no duration,
     * sends first, since a task that sends and receives at one instant sends first: sends never
     * wait, and with receives first two neighbours exchanging at one instant would each wait for
     * the other's send, a deadlock. Anything that took time up to this instant was before what
     * took none at it: an endpoint of no duration at a stretch's end cannot precede it.
     */
    static final Comparator<Endpoint> RECEIVES_FIRST = Comparator.comparingDouble(Endpoint::time)
            .thenComparing(Endpoint::instant)
            .thenComparing((Endpoint e) -> e.instant() != e.send())
            .thenComparing(Comparator.comparingDouble(Endpoint::sendTime).reversed());

    /** Endpoints at one instant in the order of the file (Chrome: simultaneous exchanges stay exchanges). */
    static final Comparator<Endpoint> FILE_ORDER = Comparator.comparingDouble(Endpoint::time)
            .thenComparingInt((Endpoint e) -> e.at().line()).thenComparingInt(e -> e.at().column());

    static List<Interval> cut(List<State> states, List<Endpoint> endpoints) {
        return cut(states, endpoints, RECEIVES_FIRST);
    }

    static List<Interval> cut(List<State> states, List<Endpoint> endpoints, Comparator<Endpoint> order) {
        List<Endpoint> points = new ArrayList<>(endpoints);
        points.sort(order);
        List<Interval> out = new ArrayList<>();
        int p = 0;
        double cursor = Double.POSITIVE_INFINITY;
        if (!states.isEmpty()) {
            cursor = states.get(0).begin();
        }
        if (!points.isEmpty()) {
            cursor = Math.min(cursor, points.get(0).time());
        }
        for (State s : states) {
            while (p < points.size() && points.get(p).time() < s.begin()) {
                cursor = point(points.get(p++), cursor, out); // in a gap, or before the first state
            }
            cursor = Math.max(cursor, s.begin());
            while (p < points.size() && points.get(p).time() <= s.end()) {
                Endpoint e = points.get(p++);
                double at = Math.max(e.time(), cursor);
                if (e.instant()) {
                    if (at > cursor) {
                        out.add(rest(s, cursor, at));
                    }
                    cursor = point(e, at, out);
                    continue;
                }
                out.add(new Interval(e.send() ? Interval.Kind.SEND : Interval.Kind.RECV, cursor, at, s.label(),
                        e.message(), e.at()));
                cursor = at;
            }
            if (s.isCollective() && s.end() >= cursor) {
                out.add(new Interval(Interval.Kind.COLLECTIVE, cursor, s.end(), s.label(), null, s.at()));
                cursor = s.end();
            } else if (s.end() > cursor) {
                out.add(new Interval(Interval.Kind.COMPUTE, cursor, s.end(), s.label(), null, s.at()));
                cursor = s.end();
            }
        }
        while (p < points.size()) {
            cursor = point(points.get(p++), cursor, out);
        }
        return out;
    }

    /** The part of state {@code s} from {@code from} to {@code to} that is no send or receive. */
    private static Interval rest(State s, double from, double to) {
        return new Interval(s.isCollective() ? Interval.Kind.COLLECTIVE : Interval.Kind.COMPUTE, from, to, s.label(), null, s.at());
    }

    private static double point(Endpoint e, double cursor, List<Interval> out) {
        double at = Math.max(e.time(), cursor);
        out.add(new Interval(e.send() ? Interval.Kind.SEND : Interval.Kind.RECV, at, at, e.send() ? "send" : "recv",
                e.message(), e.at()));
        return at;
    }
}

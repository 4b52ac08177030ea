package lcm.trace;

import lcm.source.SourceLocation;

/**
 * One activity of a task in a measured message-passing trace: computation (with a fragment
 * label), a send or a receive (with its message), from {@code begin} to {@code end} seconds.
 */
public record Interval(Kind kind, double begin, double end, String fragment, Message message, SourceLocation origin) {

    public enum Kind { COMPUTE, SEND, RECV }

    public double duration() {
        return end - begin;
    }
}

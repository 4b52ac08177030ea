package lcm.trace;

import lcm.source.SourceLocation;

/**
 * One activity of a task in a measured message-passing trace: computation (with a fragment
 * label), a send or a receive (with its message), or a collective operation (named by
 * {@code fragment}, e.g. {@code MPI_Allreduce}), from {@code begin} to {@code end} seconds.
 */
public record Interval(Kind kind, double begin, double end, String fragment, Message message, SourceLocation origin) {

    public enum Kind { COMPUTE, SEND, RECV, COLLECTIVE }

    public double duration() {
        return end - begin;
    }
}

package lcm.trace;

import lcm.source.SourceLocation;

import java.util.Objects;

/**
 * One event of a task, and the work that precedes it. A task is a sequence of steps; step i
 * starts when step i-1's event has happened, runs {@code work} seconds of its own work
 * (labelled {@code fragment}), and then its event happens:
 * <ul>
 *   <li>{@link Kind#MARK}: at once (a compute segment ends, a fragment begins or ends);</li>
 *   <li>{@link Kind#POST} / {@link Kind#SEND}: at once, and the event leaves one token named
 *       {@code name} for one matching wait / receive;</li>
 *   <li>{@link Kind#WAIT} / {@link Kind#RECV}: when both the work is done and a token named
 *       {@code name} is available: time = max(start + work, time of the post). For a receive
 *       this is Mendes' causality rule, end(recv) = max(begin(recv) + R, end(send));</li>
 *   <li>{@link Kind#BARRIER}: when all {@code parties} tasks (0 = every task) have arrived.</li>
 * </ul>
 *
 * @param info    what a reader or transformation wants to carry through to its writer
 *                (a {@link Message} for sends and receives), or null
 * @param origin  where the step was read from, for diagnostics, or null
 */
public record Step(Kind kind, String name, double work, String fragment, int parties, Object info,
                   SourceLocation origin) {

    public enum Kind {
        MARK(""), POST("post"), WAIT("wait"), SEND("send"), RECV("recv"), BARRIER("barrier");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        /** Events that leave a token. */
        public boolean posts() {
            return this == POST || this == SEND;
        }

        /** Events that need a token. */
        public boolean waits() {
            return this == WAIT || this == RECV;
        }
    }

    public Step {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fragment, "fragment");
    }

    /** {@code seconds} of work labelled {@code fragment}, ending in an event named {@code fragment}. */
    public static Step compute(double seconds, String fragment) {
        return new Step(Kind.MARK, fragment, seconds, fragment, 0, null, null);
    }

    /** An event with no work before it (a fragment's begin or end, for example). */
    public static Step mark(String text) {
        return new Step(Kind.MARK, text, 0, text, 0, null, null);
    }

    public static Step post(String key) {
        return new Step(Kind.POST, key, 0, "post", 0, null, null);
    }

    public static Step waitFor(String key) {
        return new Step(Kind.WAIT, key, 0, "wait", 0, null, null);
    }

    /** A send of message {@code key} that takes {@code seconds}; the message is available when it ends. */
    public static Step send(String key, double seconds) {
        return new Step(Kind.SEND, key, seconds, "send", 0, null, null);
    }

    /** A receive of message {@code key} costing {@code seconds}: ends at max(begin + seconds, end of the send). */
    public static Step recv(String key, double seconds) {
        return new Step(Kind.RECV, key, seconds, "recv", 0, null, null);
    }

    /** A barrier among {@code parties} tasks (0 = all tasks). */
    public static Step barrier(String key, int parties) {
        return new Step(Kind.BARRIER, key, 0, "barrier", parties, null, null);
    }

    public Step withWork(double seconds, String fragmentLabel) {
        return new Step(kind, name, seconds, fragmentLabel, parties, info, origin);
    }

    public Step withInfo(Object newInfo) {
        return new Step(kind, name, work, fragment, parties, newInfo, origin);
    }

    public Step at(SourceLocation where) {
        return new Step(kind, name, work, fragment, parties, info, where);
    }

    /** How the event reads in a path listing: {@code wait ready(3)}, {@code end produce}. */
    public String describe() {
        return kind == Kind.MARK ? name : kind.word() + " " + name;
    }
}

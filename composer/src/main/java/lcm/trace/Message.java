package lcm.trace;

/**
 * One message of a message-passing trace: its unique key (how the send and the receive find
 * each other), its endpoints, tag and size, and whether the receive that got it was a wildcard
 * (any source), which makes the prediction's matching uncertain (Mendes 3.2.1).
 */
public record Message(String key, String from, String to, String tag, long size, boolean wildcard) {

    /** The key of the {@code index}-th message (1-based) on the channel from, to, tag. */
    public static String key(String from, String to, String tag, long index) {
        return from + "->" + to + " tag " + tag + " #" + index;
    }
}

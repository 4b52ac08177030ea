package lcm.annotate;

/** One line of an edit script: kept, removed or added, with its terminator (if it has one). */
public record DiffLine(Kind kind, String text) {

    public enum Kind { KEPT, REMOVED, ADDED }
}

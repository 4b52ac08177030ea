package lcm.annotate;

/** One line of an edit script: kept, removed or added, with its terminator (if it has one). */
record DiffLine(Kind kind, String text) {

    enum Kind { KEPT, REMOVED, ADDED }
}

package lcm.trace;

/**
 * The work one task did on a stretch of the critical path: seconds by label id (see
 * {@link PathLedger}), from where the path entered the task to the event through which it left.
 */
record Segment(int[] labels, double[] seconds) {

    static final Segment EMPTY = new Segment(new int[0], new double[0]);
}

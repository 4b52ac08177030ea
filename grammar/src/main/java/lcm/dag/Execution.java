package lcm.dag;

/**
 * How a fragment's code uses the processors its node gives it (docs/composition.md, "Execution
 * width"). The structure builder decides it from the source; composition applies it.
 */
public enum Execution {
    /** It holds a parallel construct, directly or through the routines it calls (and every node that is no fragment). */
    PARALLEL,
    /** Serial code: one processor runs it while the rest of its node's processors idle. */
    SERIAL,
    /**
     * Serial code written directly in a team region, outside its worksharing constructs,
     * {@code single} and {@code master}: every thread of the team runs it once.
     */
    REPLICATED
}

package lcm.expr;

/**
 * The variable every model has: {@code p}, the processors (docs/design.md#model-semantics). The
 * program runs on p; composition gives each node its share, and a fragment's model is evaluated
 * at p = the processors its node runs on. Its value is always the user's: no source gives p a default.
 */
public final class Processors {

    /** The variable's name, as models, {@code vars:} lines, points and ranges write it. */
    public static final String NAME = "p";

    private Processors() {
    }

    /** Whether {@code name} is the processors variable. */
    public static boolean is(String name) {
        return NAME.equals(name);
    }
}

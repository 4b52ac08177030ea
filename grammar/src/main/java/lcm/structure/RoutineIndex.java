package lcm.structure;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The routines of a program by the names calls use: each routine's own name, and for a Java
 * method also {@code Class.method} (the class's simple name and the method's), which a call
 * resolved by its receiver's type in another file names ({@code ps.run()} with {@code ps} a
 * {@code PriceStock}: {@code PriceStock.run}), and {@code *.method} for a call whose receiver's
 * type is unknown. An own name always wins over such an alias.
 */
public final class RoutineIndex {

    /**
     * The prefix of a call whose receiver's type nobody could tell ({@code *.run}): it names the
     * first Java method of that name, and the DAG builder warns where it takes one.
     */
    public static final String BY_NAME = "*.";

    private RoutineIndex() {
    }

    /** Lookup by name and by {@code Class.method}; first routine of a name wins, as the DAG builder reports twice-defined names. */
    public static Map<String, Routine> of(Collection<Routine> routines) {
        Map<String, Routine> out = new HashMap<>();
        for (Routine r : routines) {
            out.putIfAbsent(r.name(), r);
        }
        for (Routine r : routines) {
            if (!r.owner().isEmpty()) {
                out.putIfAbsent(r.owner() + "." + method(r.name()), r);
            }
        }
        for (Routine r : routines) {
            if (!r.owner().isEmpty()) {
                out.putIfAbsent(BY_NAME + method(r.name()), r);
            }
        }
        return out;
    }

    /** {@code run} of {@code run}, {@code T.Reader.run} and {@code Grid.fill(double[])}. */
    static String method(String routine) {
        int paren = routine.indexOf('(');
        String s = paren < 0 ? routine : routine.substring(0, paren);
        return s.substring(s.lastIndexOf('.') + 1);
    }
}

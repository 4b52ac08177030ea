package lcm.expr;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Several expressions compiled into one {@link Tape}, evaluated together at each point: a
 * composed model's T_P, its categories and its point checks share most of their subexpressions
 * (a category's sum is part of T_P), and one tape computes each of them once a point, where a
 * tape each walked and computed them once per expression. Interpreted only (lcm explore builds
 * one per variant and runs it at a few dozen points: bytecode would never pay); each value is
 * the double {@link CompiledExpr} gives for that expression alone: the same operations on the
 * same operands ({@link Expr.Op#apply}, {@link Fn}).
 */
public final class CompiledExprs {

    private final Tape tape;
    private final int[] slots;

    private CompiledExprs(Tape tape, int[] slots) {
        this.tape = tape;
        this.slots = slots;
    }

    /**
     * Compiles {@code required} then {@code optional}, values in that order; {@code variables}
     * fixes the order of values passed to {@link #eval}. An optional expression on a variable not
     * in {@code variables} has the value NaN.
     *
     * @throws IllegalArgumentException for a variable of a required expression not in {@code variables}
     */
    public static CompiledExprs compile(List<Expr> required, List<Expr> optional, List<String> variables) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < variables.size(); i++) {
            index.putIfAbsent(variables.get(i), i);
        }
        int[] slots = new int[required.size() + optional.size()];
        try {
            return new CompiledExprs(Tape.ofAll(required, optional, index, slots), slots);
        } catch (Tape.Unknown u) {
            throw new IllegalArgumentException("unknown name '" + u.variable + "' (variables: "
                    + String.join(", ", variables) + ")");
        }
    }

    /** Instructions per evaluation: the distinct operations of all the expressions together. */
    public int instructions() {
        return tape.size;
    }

    /** Each expression's value at {@code values} (given in the order of the variables), in the order compiled. */
    public double[] eval(double... values) {
        double[] t = tape.run(values);
        double[] out = new double[slots.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = slots[i] < 0 ? Double.NaN : t[slots[i]];
        }
        return out;
    }
}

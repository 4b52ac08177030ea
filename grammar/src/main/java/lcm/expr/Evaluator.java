package lcm.expr;

import java.util.HashMap;
import java.util.Map;

/**
 * Evaluates an {@link Expr} at one point given by name. It runs the same {@link Tape} as
 * {@link CompiledExpr}, so shared subexpressions are computed once and the value is the one
 * every other part of lcm computes; for many points compile once with {@link CompiledExpr}.
 */
public final class Evaluator {

    /** A variable the expression uses but the caller did not bind. */
    public static final class Unbound extends IllegalArgumentException {
        private final String variable;

        Unbound(String variable) {
            super("no value for " + variable);
            this.variable = variable;
        }

        public String variable() {
            return variable;
        }
    }

    private Evaluator() {
    }

    /** The value at {@code values}; a variable without a value is an {@link Unbound}. */
    public static double eval(Expr e, Map<String, Double> values) {
        if (e instanceof Expr.Num n) {
            return n.value().doubleValue();
        }
        Map<String, Integer> index = new HashMap<>();
        double[] x = new double[values.size()];
        for (Map.Entry<String, Double> v : values.entrySet()) {
            if (v.getValue() != null) {
                x[index.size()] = v.getValue();
                index.put(v.getKey(), index.size());
            }
        }
        try {
            return Tape.of(e, index).eval(x);
        } catch (Tape.Unknown u) {
            throw new Unbound(u.variable);
        }
    }
}

package lcm.compose;

import lcm.algebra.Alg;
import lcm.expr.Expr;

import java.util.HashMap;
import java.util.Map;

/**
 * The external variables at a node (docs/design.md#model-semantics): each variable's value as an expression in
 * the program's variables. Variables not bound here are themselves.
 */
public record Env(Map<String, Expr> values) {

    public static final String PROCESSORS = "p";
    public static final Env ROOT = new Env(Map.of());

    public Env {
        values = Map.copyOf(values);
    }

    public Expr value(String name) {
        Expr v = values.get(name);
        return v == null ? new Expr.Var(name) : v;
    }

    public Expr processors() {
        return value(PROCESSORS);
    }

    public Env with(String name, Expr value) {
        Map<String, Expr> m = new HashMap<>(values);
        if (value instanceof Expr.Var v && v.name().equals(name)) {
            m.remove(name);
        } else {
            m.put(name, value);
        }
        return new Env(m);
    }

    /** {@code e} with every variable replaced by its value here. */
    public Expr apply(Expr e) {
        return Alg.substitute(e, values);
    }
}

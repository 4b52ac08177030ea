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
    /**
     * The node's execution width when it differs from p: a team of k threads on fewer than k
     * processors runs its models at p = k on this many processors (time-sliced). Not a
     * variable name any source can write.
     */
    public static final String WIDTH = "#width";
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

    /** The processors that execute the node (DESIGN "execution width"): p unless a team is time-sliced. */
    public Expr width() {
        Expr w = values.get(WIDTH);
        return w == null ? processors() : w;
    }

    /** The same variables without a width override. */
    public Env withoutWidth() {
        if (!values.containsKey(WIDTH)) {
            return this;
        }
        Map<String, Expr> m = new HashMap<>(values);
        m.remove(WIDTH);
        return new Env(m);
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
        if (values.containsKey(WIDTH)) {
            Map<String, Expr> m = new HashMap<>(values);
            m.remove(WIDTH);
            return Alg.substitute(e, m);
        }
        return Alg.substitute(e, values);
    }
}

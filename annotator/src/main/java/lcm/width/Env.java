package lcm.width;

import lcm.algebra.Alg;
import lcm.expr.Expr;
import lcm.expr.Processors;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The external variables at a node (docs/design.md#model-semantics): each variable's value as an
 * expression in the program's variables (variables not bound here are themselves), and the
 * node's execution width where it differs from its p.
 *
 * @param sliced the processors a team of more threads than processors runs on (time-sliced: its
 *              models run at p = the threads on this many processors); empty where the node runs on p
 */
public record Env(Map<String, Expr> values, Optional<Expr> sliced) {

    public static final Env ROOT = new Env(Map.of(), Optional.empty());

    public Env {
        values = Map.copyOf(values);
    }

    public Expr value(String name) {
        Expr v = values.get(name);
        return v == null ? new Expr.Var(name) : v;
    }

    public Expr processors() {
        return value(Processors.NAME);
    }

    /** The processors that execute the node (docs/composition.md, "Execution width"): p unless a team is time-sliced. */
    public Expr width() {
        return sliced.orElseGet(this::processors);
    }

    /** The same variables without a width of their own. */
    public Env withoutWidth() {
        return sliced.isEmpty() ? this : new Env(values, Optional.empty());
    }

    /** The same variables on {@code width} processors. */
    public Env withWidth(Expr width) {
        return new Env(values, Optional.of(width));
    }

    /** {@code name} bound to {@code value} (the width kept). */
    public Env with(String name, Expr value) {
        Map<String, Expr> m = new HashMap<>(values);
        if (value instanceof Expr.Var v && v.name().equals(name)) {
            m.remove(name);
        } else {
            m.put(name, value);
        }
        return new Env(m, sliced);
    }

    /** {@code e} with every variable replaced by its value here. */
    public Expr apply(Expr e) {
        return Alg.substitute(e, values);
    }
}

package lcm.fit;

import lcm.expr.Expr;

import java.util.function.Function;
import java.util.Map;

/** Renaming and replacing names in expressions. */
final class Substitution {

    private Substitution() {
    }

    /** {@code e} with variables renamed by {@code names}. */
    static Expr rename(Expr e, Map<String, String> names) {
        return replace(e, name -> names.containsKey(name) ? new Expr.Var(names.get(name)) : null);
    }

    /** {@code e} with each variable for which {@code by} gives an expression replaced by it. */
    static Expr replace(Expr e, Function<String, Expr> by) {
        return e.replace(x -> x instanceof Expr.Var v ? by.apply(v.name()) : null);
    }
}

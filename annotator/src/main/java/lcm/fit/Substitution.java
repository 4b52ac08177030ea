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
        if (e instanceof Expr.Var v) {
            Expr r = by.apply(v.name());
            return r == null ? e : r;
        }
        if (e instanceof Expr.Neg n) {
            return new Expr.Neg(replace(n.operand(), by));
        }
        if (e instanceof Expr.Bin b) {
            return new Expr.Bin(b.op(), replace(b.left(), by), replace(b.right(), by));
        }
        if (e instanceof Expr.Call c) {
            return new Expr.Call(c.fn(), c.args().stream().map(a -> replace(a, by)).toList());
        }
        return e;
    }
}

package lcm.algebra;

import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Rebuilds an expression with {@link Alg}'s constructors, bottom up, with the nodes a
 * replacement names replaced (all at once): the normal form lcm composes in, the substitution
 * of a use's bindings into a model, a piecewise model's indicator set to a value.
 */
public final class Rebuild {

    private Rebuild() {
    }

    /** Variables replaced by expressions (a variable without one stays). */
    static Expr of(Expr e, Map<String, Expr> values) {
        return bottomUp(e, x -> x instanceof Expr.Var v ? values.get(v.name()) : null);
    }

    /**
     * {@code e} rebuilt bottom up with Alg's constructors; a node for which {@code replacement}
     * gives an expression (not null) is replaced by it, whole.
     */
    public static Expr bottomUp(Expr e, Function<Expr, Expr> replacement) {
        Expr r = replacement.apply(e);
        if (r != null) {
            return r;
        }
        if (e instanceof Expr.Neg n) {
            return Alg.neg(bottomUp(n.operand(), replacement));
        }
        if (e instanceof Expr.Bin b) {
            Expr l = bottomUp(b.left(), replacement);
            Expr rr = bottomUp(b.right(), replacement);
            return switch (b.op()) {
                case ADD -> Alg.add(l, rr);
                case SUB -> Alg.sub(l, rr);
                case MUL -> Alg.mul(l, rr);
                case DIV -> Alg.div(l, rr);
                case POW -> Alg.pow(l, rr);
            };
        }
        if (e instanceof Expr.Call c) {
            List<Expr> args = new ArrayList<>(c.args().size());
            for (Expr a : c.args()) {
                args.add(bottomUp(a, replacement));
            }
            return Alg.call(c.fn(), args);
        }
        return e; // a number, or a variable not replaced
    }
}

package lcm.algebra;

import lcm.expr.Expr;
import lcm.expr.ExprFold;

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
        return e.fold(new ExprFold<>() {
            @Override
            public Expr whole(Expr node) {
                return replacement.apply(node);
            }

            @Override
            public Expr node(Expr node, List<Expr> k) {
                if (node instanceof Expr.Neg) {
                    return Alg.neg(k.get(0));
                }
                if (node instanceof Expr.Bin b) {
                    return switch (b.op()) {
                        case ADD -> Alg.add(k.get(0), k.get(1));
                        case SUB -> Alg.sub(k.get(0), k.get(1));
                        case MUL -> Alg.mul(k.get(0), k.get(1));
                        case DIV -> Alg.div(k.get(0), k.get(1));
                        case POW -> Alg.pow(k.get(0), k.get(1));
                    };
                }
                return node instanceof Expr.Call c ? Alg.call(c.fn(), k) : node; // else a number, or a variable not replaced
            }
        });
    }
}

package lcm.algebra;

import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Rebuilds an expression with {@link Alg}'s constructors, bottom up, with variables replaced by
 * expressions (all at once): the normal form lcm composes in, and the substitution of a use's
 * bindings into a model.
 */
final class Rebuild {

    private Rebuild() {
    }

    static Expr of(Expr e, Map<String, Expr> values) {
        if (e instanceof Expr.Var v) {
            Expr r = values.get(v.name());
            return r == null ? e : r;
        }
        if (e instanceof Expr.Num) {
            return e;
        }
        if (e instanceof Expr.Neg n) {
            return Alg.neg(of(n.operand(), values));
        }
        if (e instanceof Expr.Bin b) {
            Expr l = of(b.left(), values);
            Expr r = of(b.right(), values);
            return switch (b.op()) {
                case ADD -> Alg.add(l, r);
                case SUB -> Alg.sub(l, r);
                case MUL -> Alg.mul(l, r);
                case DIV -> Alg.div(l, r);
                case POW -> Alg.pow(l, r);
            };
        }
        Expr.Call c = (Expr.Call) e;
        List<Expr> args = new ArrayList<>(c.args().size());
        for (Expr a : c.args()) {
            args.add(of(a, values));
        }
        return Alg.call(c.fn(), args);
    }
}

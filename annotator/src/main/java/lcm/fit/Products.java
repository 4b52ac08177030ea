package lcm.fit;

import lcm.expr.Expr;

import java.math.BigDecimal;

/** Products of terms written as people write them: ones dropped, {@code a*(1/p)} and {@code (1/p)*a} as {@code a/p}. */
public final class Products {

    private Products() {
    }

    static boolean isOne(Expr e) {
        return e instanceof Expr.Num n && n.value().compareTo(BigDecimal.ONE) == 0;
    }

    /** {@code a*b} with ones dropped, {@code a*(c/x)} as {@code a*c/x}, and products kept left-associated. */
    public static Expr times(Expr a, Expr b) {
        if (isOne(a)) {
            return b;
        }
        if (isOne(b)) {
            return a;
        }
        if (b instanceof Expr.Bin d && d.op() == Expr.Op.DIV) {
            return Expr.div(times(a, d.left()), d.right());
        }
        if (a instanceof Expr.Bin d && d.op() == Expr.Op.DIV) {
            return Expr.div(times(d.left(), b), d.right());
        }
        return Expr.product(a, b);
    }
}

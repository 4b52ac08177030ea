package lcm.expr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;

/**
 * Fitted coefficients written into a model: each coefficient variable replaced by its value as
 * a decimal of ten significant digits, so that the model text is exact and parses back.
 */
public final class Coefficients {

    /** Significant digits of a fitted number in a model expression. */
    private static final MathContext MODEL_DIGITS = new MathContext(10);

    private Coefficients() {
    }

    /** {@code v} with 10 significant digits, exactly as a decimal. */
    public static BigDecimal decimal(double v) {
        return new BigDecimal(v).round(MODEL_DIGITS).stripTrailingZeros();
    }

    /** Replaces the coefficients by their values; {@code a + -b} becomes {@code a - b}. */
    public static Expr substitute(Expr e, Map<String, Double> values) {
        return e.fold((x, kids) -> {
            if (x instanceof Expr.Var v && values.containsKey(v.name())) {
                return new Expr.Num(decimal(values.get(v.name())));
            }
            if (x instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB)) {
                Expr flipped = negated(kids.get(1));
                if (flipped != null) {
                    return new Expr.Bin(b.op() == Expr.Op.ADD ? Expr.Op.SUB : Expr.Op.ADD, kids.get(0), flipped);
                }
            }
            return x.withChildren(kids);
        });
    }

    /** -x for an expression that starts with a negative number ({@code -2}, {@code -2*p}), else null. */
    private static Expr negated(Expr e) {
        if (e instanceof Expr.Num n && n.value().signum() < 0) {
            return new Expr.Num(n.value().negate());
        }
        if (e instanceof Expr.Bin b && (b.op() == Expr.Op.MUL || b.op() == Expr.Op.DIV)) {
            Expr l = negated(b.left());
            return l == null ? null : new Expr.Bin(b.op(), l, b.right());
        }
        return null;
    }
}

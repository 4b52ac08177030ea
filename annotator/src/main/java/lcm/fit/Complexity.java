package lcm.fit;

import lcm.expr.CompiledExpr;
import lcm.expr.Expr;
import lcm.expr.Fn;

import java.util.List;

/**
 * How unusual a form's shape is, for breaking ties between forms the data cannot tell apart
 * (Occam's razor on exponents): each logarithm counts 1 (log2(x)^2 counts 2), a square root or
 * an exponent that is a multiple of 1/2 counts 1, any other fractional exponent 2; integer
 * powers and plain products count nothing. So x^2 is preferred to x^(3/2)*log2(x)^2 when both
 * fit within the noise.
 */
public final class Complexity {

    private Complexity() {
    }

    public static int of(Expr e) {
        return e.<Integer>fold((x, inner) -> {
            if (x instanceof Expr.Bin b && b.op() == Expr.Op.POW && b.right().variables().isEmpty()) {
                double v = CompiledExpr.compile(b.right(), List.of()).eval(new double[0]);
                int base = inner.get(0);
                if (v == Math.rint(v)) {
                    return base * (int) Math.max(1, Math.abs(v));
                }
                return base + (v * 2 == Math.rint(v * 2) ? 1 : 2);
            }
            int sum = inner.stream().mapToInt(Integer::intValue).sum();
            return sum + (x instanceof Expr.Call c && (c.fn() == Fn.LOG || c.fn() == Fn.LOG2 || c.fn() == Fn.SQRT) ? 1 : 0);
        });
    }

    /** The complexity of a normal-form term x^(num/den) * log2(x)^log. */
    static int of(NormalFormSearch.Term t) {
        int frac = t.den() == 1 ? 0 : t.den() == 2 ? 1 : 2;
        return frac + t.log();
    }
}

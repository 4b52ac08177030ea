package lcm.report;

import lcm.algebra.Alg;
import lcm.algebra.Rebuild;
import lcm.expr.Expr;
import lcm.expr.ExprPrinter;
import lcm.expr.Fn;

import java.util.ArrayList;
import java.util.List;

/**
 * A composed formula as a reader wants it: the costlier-branch rule (an if/else without
 * {@code probability:}) counts the branch that costs more at each point, which lcm's functions
 * can only write as an indicator, {@code min(1, ceil(max(X, 0)))} (1 where X > 0, else 0). The
 * text report writes such a formula in cases instead:
 * <pre>
 * if 4e-7*n^2*log(n) > 2.01e-5*n^2:  2e-5*n^2+...
 * otherwise:                         4e-7*n^2*log(n)+...
 * </pre>
 * each case the formula with its indicators set to 1 or 0. Up to {@value #MAX_CONDITIONS}
 * conditions; with more, or none, the formula is printed as it is (JSON keeps the formula, which
 * parses back).
 */
public final class Piecewise {

    static final int MAX_CONDITIONS = 2;

    private Piecewise() {
    }

    /** The lines of {@code e} in cases, each indented by {@code indent} after the first; empty when it has no indicator. */
    public static List<String> lines(Expr e) {
        List<Expr> xs = e.collect(Piecewise::indicator);
        if (xs.isEmpty() || xs.size() > MAX_CONDITIONS) {
            return List.of();
        }
        List<String> heads = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        int cases = 1 << xs.size();
        for (int mask = cases - 1; mask >= 0; mask--) {
            Expr body = e;
            List<String> words = new ArrayList<>();
            for (int i = 0; i < xs.size(); i++) {
                boolean above = (mask >> (xs.size() - 1 - i) & 1) == 1;
                body = replace(body, xs.get(i), above ? Alg.ONE : Alg.ZERO);
                words.add(condition(xs.get(i), above));
            }
            heads.add(mask == 0 && xs.size() == 1 ? "otherwise:" : "if " + String.join(" and ", words) + ":");
            bodies.add(ExprPrinter.print(body));
        }
        int width = heads.stream().mapToInt(String::length).max().orElse(0) + 2;
        List<String> out = new ArrayList<>();
        for (int i = 0; i < heads.size(); i++) {
            out.add(heads.get(i) + " ".repeat(width - heads.get(i).length()) + bodies.get(i));
        }
        return out;
    }

    /** {@code min(1, ceil(max(X, 0)))}: X, else null. */
    static Expr indicator(Expr e) {
        if (e instanceof Expr.Call min && min.fn() == Fn.MIN && min.args().size() == 2) {
            Expr ceil = Alg.isOne(min.args().get(0)) ? min.args().get(1) : Alg.isOne(min.args().get(1)) ? min.args().get(0) : null;
            if (ceil instanceof Expr.Call c && c.fn() == Fn.CEIL && c.args().get(0) instanceof Expr.Call max
                    && max.fn() == Fn.MAX && max.args().size() == 2) {
                if (Alg.isZero(max.args().get(1))) {
                    return max.args().get(0);
                }
                if (Alg.isZero(max.args().get(0))) {
                    return max.args().get(1);
                }
            }
        }
        return null;
    }

    /** {@code e} with the indicator of {@code x} set to {@code value}, simplified as the algebra builds it. */
    static Expr replace(Expr e, Expr x, Expr value) {
        return Rebuild.bottomUp(e, node -> x.equals(indicator(node)) ? value : null);
    }

    /** {@code P > N} for X = P - N (the terms with a minus go to the right), or {@code P <= N}. */
    static String condition(Expr x, boolean above) {
        List<Expr> plus = new ArrayList<>();
        List<Expr> minus = new ArrayList<>();
        terms(x, true, plus, minus);
        String left = plus.isEmpty() ? "0" : ExprPrinter.print(Alg.sum(plus));
        String right = minus.isEmpty() ? "0" : ExprPrinter.print(Alg.sum(minus));
        return left + (above ? " > " : " <= ") + right;
    }

    private static void terms(Expr e, boolean positive, List<Expr> plus, List<Expr> minus) {
        if (e instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB)) {
            terms(b.left(), positive, plus, minus);
            terms(b.right(), b.op() == Expr.Op.ADD ? positive : !positive, plus, minus);
        } else if (e instanceof Expr.Neg n) {
            terms(n.operand(), !positive, plus, minus);
        } else if (e instanceof Expr.Bin b && b.op() == Expr.Op.MUL && b.left() instanceof Expr.Num k && k.value().signum() < 0) {
            (positive ? minus : plus).add(Alg.mul(Alg.num(k.value().negate()), b.right()));
        } else if (e instanceof Expr.Num k && k.value().signum() < 0) {
            (positive ? minus : plus).add(Alg.num(k.value().negate()));
        } else {
            (positive ? plus : minus).add(e);
        }
    }
}

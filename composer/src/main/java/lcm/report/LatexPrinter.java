package lcm.report;

import lcm.expr.Expr;

import java.math.BigDecimal;
import java.util.stream.Collectors;

/**
 * An {@link Expr} in LaTeX math: fractions, roots, logarithms, max. Variables of more than one
 * letter are set upright ({@code \mathit{itors}}).
 */
public final class LatexPrinter {

    private LatexPrinter() {
    }

    public static String print(Expr e) {
        if (e instanceof Expr.Num n) {
            return number(n.value());
        }
        if (e instanceof Expr.Var v) {
            return v.name().length() == 1 ? v.name() : "\\mathit{" + v.name().replace("_", "\\_") + "}";
        }
        if (e instanceof Expr.Neg n) {
            return "-" + wrap(n.operand(), n.operand() instanceof Expr.Bin b
                    && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB));
        }
        if (e instanceof Expr.Bin b) {
            return switch (b.op()) {
                case ADD -> print(b.left()) + " + " + print(b.right());
                case SUB -> print(b.left()) + " - " + wrap(b.right(), isSum(b.right()));
                case MUL -> b.right() instanceof Expr.Bin q && q.op() == Expr.Op.DIV
                        // a * (x/y) is set as one fraction: \frac{a x}{y}
                        ? "\\frac{" + wrap(b.left(), isSum(b.left())) + " \\, " + wrap(q.left(), isSum(q.left()))
                                + "}{" + print(q.right()) + "}"
                        : wrap(b.left(), isSum(b.left())) + " \\, " + wrap(b.right(), isSum(b.right()));
                case DIV -> "\\frac{" + print(b.left()) + "}{" + print(b.right()) + "}";
                case POW -> wrap(b.left(), !(b.left() instanceof Expr.Var || b.left() instanceof Expr.Num))
                        + "^{" + print(b.right()) + "}";
            };
        }
        Expr.Call c = (Expr.Call) e;
        String args = c.args().stream().map(LatexPrinter::print).collect(Collectors.joining(", "));
        return switch (c.fn()) {
            case LOG -> "\\log\\left(" + args + "\\right)";
            case LOG2 -> "\\log_2\\left(" + args + "\\right)";
            case SQRT -> "\\sqrt{" + args + "}";
            case EXP -> "e^{" + args + "}";
            case CEIL -> "\\left\\lceil " + args + " \\right\\rceil";
            case FLOOR -> "\\left\\lfloor " + args + " \\right\\rfloor";
            case ABS -> "\\left|" + args + "\\right|";
            case MIN -> "\\min\\left(" + args + "\\right)";
            case MAX -> "\\max\\left(" + args + "\\right)";
        };
    }

    private static boolean isSum(Expr e) {
        return e instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB) || e instanceof Expr.Neg;
    }

    private static String wrap(Expr e, boolean parens) {
        return parens ? "\\left(" + print(e) + "\\right)" : print(e);
    }

    private static String number(BigDecimal v) {
        String s = lcm.expr.ExprPrinter.number(v);
        int exp = s.indexOf('e');
        if (exp < 0) {
            return s;
        }
        return s.substring(0, exp) + " \\times 10^{" + s.substring(exp + 1) + "}";
    }
}

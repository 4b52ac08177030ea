package lcm.annotate;

import lcm.expr.Expr;
import lcm.expr.ExprPrinter;

/**
 * Prints a model the way people write them in source comments: blanks around binary
 * {@code +} and {@code -} only ({@code 0.0020062*(p - 1) + 3.1e-5*n^2}), or no blanks at all
 * where a fixed-form line is short of room. Parentheses and numbers as {@link ExprPrinter}
 * prints them, so the text parses back to the same expression.
 */
final class ModelPrinter {

    private static final int ATOM = 10;
    private static final int UNARY = 3;

    private ModelPrinter() {
    }

    static String print(Expr e, boolean spaced) {
        StringBuilder out = new StringBuilder();
        print(e, spaced, out);
        return out.toString();
    }

    private static int precedence(Expr e) {
        if (e instanceof Expr.Bin b) {
            return b.op().precedence();
        }
        if (e instanceof Expr.Neg || (e instanceof Expr.Num n && n.value().signum() < 0)) {
            return UNARY;
        }
        return ATOM;
    }

    private static void print(Expr e, boolean spaced, StringBuilder out) {
        if (e instanceof Expr.Num n) {
            out.append(ExprPrinter.number(n.value()));
        } else if (e instanceof Expr.Var v) {
            out.append(v.name());
        } else if (e instanceof Expr.Neg neg) {
            out.append('-');
            wrap(neg.operand(), precedence(neg.operand()) <= Expr.Op.ADD.precedence(), spaced, out);
        } else if (e instanceof Expr.Bin b) {
            int p = b.op().precedence();
            int lp = precedence(b.left());
            int rp = precedence(b.right());
            boolean pow = b.op() == Expr.Op.POW;
            boolean nonAssociative = b.op() == Expr.Op.SUB || b.op() == Expr.Op.DIV;
            boolean additive = b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB;
            wrap(b.left(), pow ? lp <= p : lp < p, spaced, out);
            out.append(spaced && additive ? " " + b.op().text() + " " : b.op().text());
            wrap(b.right(), rp == UNARY || (pow ? rp < p : rp < p || rp == p && nonAssociative), spaced, out);
        } else if (e instanceof Expr.Call c) {
            out.append(c.fn().text()).append('(');
            for (int i = 0; i < c.args().size(); i++) {
                if (i > 0) {
                    out.append(spaced ? ", " : ",");
                }
                print(c.args().get(i), spaced, out);
            }
            out.append(')');
        }
    }

    private static void wrap(Expr e, boolean parens, boolean spaced, StringBuilder out) {
        if (parens) {
            out.append('(');
        }
        print(e, spaced, out);
        if (parens) {
            out.append(')');
        }
    }
}

package lcm.expr;

import java.math.BigDecimal;
import java.util.stream.Collectors;

/**
 * Prints an {@link Expr} in annotation-language syntax with the fewest parentheses that keep
 * its meaning: {@code n^2*log(n)/3550}. The output parses back to an equal expression.
 */
public final class ExprPrinter {

    private ExprPrinter() {
    }

    /** How blanks are laid out; parentheses and numbers are the same in every style. */
    private record Style(boolean spacedSums, String argumentSeparator) {
    }

    private static final Style PLAIN = new Style(false, ", ");
    private static final Style SPACED = new Style(true, ", ");
    private static final Style COMPACT = new Style(false, ",");

    public static String print(Expr e) {
        return print(e, PLAIN);
    }

    /**
     * As people write models in source comments: blanks around binary {@code +} and {@code -}
     * only ({@code 0.0020062*(p - 1) + 3.1e-5*n^2}).
     */
    public static String printSpaced(Expr e) {
        return print(e, SPACED);
    }

    /** No blanks at all ({@code max(p-4,0)}): for lines short of room. */
    public static String printCompact(Expr e) {
        return print(e, COMPACT);
    }

    private static String print(Expr e, Style style) {
        StringBuilder out = new StringBuilder();
        print(e, style, out);
        return out.toString();
    }

    private static final int ATOM = 10;
    private static final int UNARY = 3;

    private static int precedence(Expr e) {
        if (e instanceof Expr.Bin b) {
            return b.op().precedence();
        }
        if (e instanceof Expr.Neg) {
            return UNARY;
        }
        if (e instanceof Expr.Num n && n.value().signum() < 0) {
            return UNARY;
        }
        return ATOM;
    }

    private static void print(Expr e, Style style, StringBuilder out) {
        if (e instanceof Expr.Num n) {
            out.append(number(n.value()));
        } else if (e instanceof Expr.Var v) {
            out.append(v.name());
        } else if (e instanceof Expr.Neg neg) {
            out.append('-');
            // -(a+b) needs its parentheses; -a*b reads (-a)*b, which has the same value as -(a*b)
            wrap(neg.operand(), precedence(neg.operand()) <= Expr.Op.ADD.precedence(), style, out);
        } else if (e instanceof Expr.Bin b) {
            int p = b.op().precedence();
            int lp = precedence(b.left());
            int rp = precedence(b.right());
            boolean pow = b.op() == Expr.Op.POW;
            // - and / need parentheses on an equal-precedence right operand (a-(b-c), a/(b*c));
            // + and * do not (a+b-c, a*b/c have the same value); the right-associative ^ needs
            // them on an equal-precedence left one ((a^b)^c); a unary minus on the right is
            // always wrapped: a*(-b), a^(-1)
            boolean nonAssociative = b.op() == Expr.Op.SUB || b.op() == Expr.Op.DIV;
            boolean additive = b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB;
            wrap(b.left(), pow ? lp <= p : lp < p, style, out);
            out.append(style.spacedSums() && additive ? " " + b.op().text() + " " : b.op().text());
            wrap(b.right(), rp == UNARY || (pow ? rp < p : rp < p || rp == p && nonAssociative), style, out);
        } else if (e instanceof Expr.Call c) {
            out.append(c.fn().text()).append('(');
            out.append(c.args().stream().map(a -> print(a, style)).collect(Collectors.joining(style.argumentSeparator())));
            out.append(')');
        }
    }

    private static void wrap(Expr e, boolean parens, Style style, StringBuilder out) {
        if (parens) {
            out.append('(');
            print(e, style, out);
            out.append(')');
        } else {
            print(e, style, out);
        }
    }

    /** Plain decimal notation for moderate magnitudes, scientific beyond. */
    public static String number(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        if (s.signum() == 0) {
            return "0";
        }
        int digitsLeft = s.precision() - s.scale();
        if (digitsLeft > 12 || digitsLeft < -3) {
            String digits = s.unscaledValue().abs().toString();
            int exponent = digits.length() - 1 - s.scale();
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            return (s.signum() < 0 ? "-" : "") + mantissa + "e" + exponent;
        }
        return s.toPlainString();
    }
}

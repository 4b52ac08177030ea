package lcm.fit;

import lcm.expr.Expr;
import lcm.expr.ExprPrinter;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes fitted forms: as annotation-language models with numbers in place of the
 * coefficients ({@code 2.5 - 0.1*p}, parseable back), and in lca's display style with each
 * coefficient as {@code (value +/- half-width)}: {@code (0.01022 +/- 0.00316) * p * sqrt(p)}.
 */
public final class ModelText {

    /** Significant digits of the numbers in a model expression. */
    static final MathContext MODEL_DIGITS = new MathContext(10);

    private ModelText() {
    }

    /** {@code v} with 10 significant digits, exactly as a decimal. */
    public static BigDecimal decimal(double v) {
        return new BigDecimal(v).round(MODEL_DIGITS).stripTrailingZeros();
    }

    /** Replaces the coefficients by their values; {@code a + -b} becomes {@code a - b}. */
    public static Expr substitute(Expr e, Map<String, Double> values) {
        if (e instanceof Expr.Var v && values.containsKey(v.name())) {
            return new Expr.Num(decimal(values.get(v.name())));
        }
        if (e instanceof Expr.Neg n) {
            return new Expr.Neg(substitute(n.operand(), values));
        }
        if (e instanceof Expr.Bin b) {
            Expr l = substitute(b.left(), values);
            Expr r = substitute(b.right(), values);
            if (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB) {
                Expr flipped = negated(r);
                if (flipped != null) {
                    return new Expr.Bin(b.op() == Expr.Op.ADD ? Expr.Op.SUB : Expr.Op.ADD, l, flipped);
                }
            }
            return new Expr.Bin(b.op(), l, r);
        }
        if (e instanceof Expr.Call c) {
            return new Expr.Call(c.fn(), c.args().stream().map(a -> substitute(a, values)).toList());
        }
        return e;
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

    /**
     * {@code a*b} with products kept left-associated, so that {@code k2*(x^2*log2(y))} reads
     * {@code k2*x^2*log2(y)}.
     */
    public static Expr times(Expr a, Expr b) {
        if (b instanceof Expr.Bin m && m.op() == Expr.Op.MUL) {
            return Expr.mul(times(a, m.left()), m.right());
        }
        return Expr.mul(a, b);
    }

    /** {@code v} with {@code digits} significant digits, plain unless very large or small. */
    public static String number(double v, int digits) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(digits)).stripTrailingZeros();
        int magnitude = d.precision() - d.scale();
        if (magnitude > 7 || magnitude < -4) {
            String t = String.format(java.util.Locale.ROOT, "%." + (digits - 1) + "e", v);
            return t.replaceAll("\\.?0+e", "e").replace("e+0", "e").replace("e-0", "e-").replace("e+", "e");
        }
        return d.toPlainString();
    }

    /** lca's display: coefficients as {@code (value +/- ci90)}, operators spaced. */
    public static String display(Fit fit) {
        Map<String, String> shown = fit.coefficients().stream().collect(Collectors.toMap(Coefficient::name,
                c -> "(" + number(c.value(), 4) + " +/- " + number(c.ci90(), 3) + ")"));
        if (!fit.ok()) {
            return spaced(fit.candidate().form(), Map.of());
        }
        return spaced(fit.candidate().form(), shown);
    }

    /** The expression with spaced binary operators and some names replaced by display text. */
    public static String spaced(Expr e, Map<String, String> names) {
        StringBuilder out = new StringBuilder();
        print(e, names, out);
        return out.toString();
    }

    private static final int ATOM = 10;
    private static final int UNARY = 3;

    private static int precedence(Expr e) {
        if (e instanceof Expr.Bin b) {
            return b.op().precedence();
        }
        if (e instanceof Expr.Neg || (e instanceof Expr.Num n && n.value().signum() < 0)) {
            return UNARY;
        }
        return ATOM;
    }

    private static void print(Expr e, Map<String, String> names, StringBuilder out) {
        if (e instanceof Expr.Num n) {
            out.append(ExprPrinter.number(n.value()));
        } else if (e instanceof Expr.Var v) {
            out.append(names.getOrDefault(v.name(), v.name()));
        } else if (e instanceof Expr.Neg neg) {
            out.append('-');
            wrap(neg.operand(), precedence(neg.operand()) <= Expr.Op.MUL.precedence(), names, out);
        } else if (e instanceof Expr.Bin b) {
            int p = b.op().precedence();
            boolean pow = b.op() == Expr.Op.POW;
            int lp = precedence(b.left());
            int rp = precedence(b.right());
            wrap(b.left(), pow ? lp <= p : lp < p, names, out);
            out.append(pow ? "^" : " " + b.op().text() + " ");
            if (pow && b.right().variables().isEmpty()) {
                String exponent = ExprPrinter.print(b.right());
                out.append(rp == ATOM ? exponent : "(" + exponent + ")");
                return;
            }
            wrap(b.right(), rp == UNARY || (pow ? rp < p : rp <= p), names, out);
        } else if (e instanceof Expr.Call c) {
            out.append(c.fn().text()).append('(');
            for (int i = 0; i < c.args().size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                print(c.args().get(i), names, out);
            }
            out.append(')');
        }
    }

    private static void wrap(Expr e, boolean parens, Map<String, String> names, StringBuilder out) {
        if (parens) {
            out.append('(');
        }
        print(e, names, out);
        if (parens) {
            out.append(')');
        }
    }
}

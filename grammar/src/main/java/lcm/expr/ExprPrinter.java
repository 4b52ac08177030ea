package lcm.expr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Prints an {@link Expr}, the one printer of lcm, in one of its {@link Style}s. The text styles
 * use the fewest parentheses that keep the meaning and parse back to an equal expression;
 * numbers are written by {@link NumberText#exact}.
 */
public final class ExprPrinter {

    /** How an expression is laid out. */
    public enum Style {
        /** {@code n^2*log(n)/3550}: the annotation language, as lcm prints models. */
        PLAIN(false, false, ", "),
        /** {@code 0.0020062*(p - 1) + 3.1e-5*n^2}: blanks around binary + and -, as people write models in comments. */
        SPACED(true, false, ", "),
        /** {@code max(p-4,0)}: no blanks at all, for lines short of room. */
        COMPACT(false, false, ","),
        /** {@code (0.01022 +/- 0.00316) * p * sqrt(p)}: lca's display, every binary operator but ^ spaced. */
        LCA(true, true, ", "),
        /** LaTeX math: fractions, roots, logarithms; names longer than a letter set as {@code \mathit{itors}}. */
        LATEX(true, true, ", ");

        private final boolean spacedSums;
        private final boolean spacedProducts;
        private final String argumentSeparator;

        Style(boolean spacedSums, boolean spacedProducts, String argumentSeparator) {
            this.spacedSums = spacedSums;
            this.spacedProducts = spacedProducts;
            this.argumentSeparator = argumentSeparator;
        }
    }

    private ExprPrinter() {
    }

    public static String print(Expr e) {
        return print(e, Style.PLAIN);
    }

    public static String printSpaced(Expr e) {
        return print(e, Style.SPACED);
    }

    public static String printCompact(Expr e) {
        return print(e, Style.COMPACT);
    }

    public static String printLatex(Expr e) {
        return print(e, Style.LATEX);
    }

    public static String print(Expr e, Style style) {
        return print(e, style, Map.of());
    }

    /** {@code e} in {@code style} with the variables named in {@code shown} written as their text there. */
    public static String print(Expr e, Style style, Map<String, String> shown) {
        if (style == Style.LATEX) {
            StringBuilder out = new StringBuilder();
            latex(e, out);
            return out.toString();
        }
        Sink out = new Sink(null);
        text(e, style, shown, out);
        return out.buffer.toString();
    }

    /**
     * Writes {@code e} in a text style to {@code target} as it is printed, a few kilobytes at a
     * time: a composed model shares its subexpressions, and its text (each shared part written
     * out wherever it is used) can be far larger than the model; 10^5 fragments make some
     * 90 MB, which a string would hold two or three times over while it grows.
     */
    public static void print(Expr e, Style style, Map<String, String> shown, Appendable target) throws IOException {
        if (style == Style.LATEX) {
            target.append(print(e, style, shown));
            return;
        }
        Sink out = new Sink(target);
        try {
            text(e, style, shown, out);
        } catch (UncheckedIOException failed) {
            throw failed.getCause(); // the target's own failure, as this method declares it
        }
        out.flush();
    }

    /** The text being printed, handed on to the target (if any) whenever it passes a few kilobytes. */
    private static final class Sink {
        private static final int CHUNK = 1 << 14;

        final StringBuilder buffer = new StringBuilder();
        private final Appendable target;

        Sink(Appendable target) {
            this.target = target;
        }

        void maybeFlush() throws IOException {
            if (target != null && buffer.length() >= CHUNK) {
                flush();
            }
        }

        void flush() throws IOException {
            if (target != null) {
                target.append(buffer);
                buffer.setLength(0);
            }
        }
    }

    private static void text(Expr e, Style style, Map<String, String> shown, Sink out) {
        try {
            out.maybeFlush();
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
        textAt(e, style, shown, out);
    }

    private static final int ATOM = 10;
    private static final int UNARY = 3;

    private static int precedence(Expr e) {
        if (e instanceof Expr.Bin b) {
            return b.op().precedence();
        }
        if (e instanceof Expr.Neg || e instanceof Expr.Num n && n.value().signum() < 0) {
            return UNARY;
        }
        return ATOM;
    }

    private static void textAt(Expr e, Style style, Map<String, String> shown, Sink sink) {
        StringBuilder out = sink.buffer; // the same builder throughout: a flush empties it, it is not replaced
        if (e instanceof Expr.Num n) {
            out.append(NumberText.exact(n.value()));
        } else if (e instanceof Expr.Var v) {
            out.append(shown.getOrDefault(v.name(), v.name()));
        } else if (e instanceof Expr.Neg neg) {
            out.append('-');
            // -(a+b) needs its parentheses; -a*b reads (-a)*b, which has the same value as -(a*b);
            // lca's display also wraps products: -(k*p)
            Expr.Op widest = style == Style.LCA ? Expr.Op.MUL : Expr.Op.ADD;
            wrap(neg.operand(), precedence(neg.operand()) <= widest.precedence(), style, shown, sink);
        } else if (e instanceof Expr.Bin b) {
            int p = b.op().precedence();
            int lp = precedence(b.left());
            int rp = precedence(b.right());
            boolean pow = b.op() == Expr.Op.POW;
            boolean additive = b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB;
            wrap(b.left(), pow ? lp <= p : lp < p, style, shown, sink);
            boolean spaced = additive ? style.spacedSums : !pow && style.spacedProducts;
            out.append(spaced ? " " + b.op().text() + " " : b.op().text());
            if (style == Style.LCA && pow && b.right().variables().isEmpty()) {
                // a constant exponent stays tight: p^1.5, n^(-1)
                String exponent = print(b.right());
                out.append(rp == ATOM ? exponent : "(" + exponent + ")");
                return;
            }
            // - and / need parentheses on an equal-precedence right operand (a-(b-c), a/(b*c));
            // + and * do not (a+b-c, a*b/c have the same value), but lca's display sets them all;
            // the right-associative ^ needs them on an equal-precedence left one ((a^b)^c); a
            // unary minus on the right is always wrapped: a*(-b), a^(-1)
            boolean nonAssociative = style == Style.LCA || b.op() == Expr.Op.SUB || b.op() == Expr.Op.DIV;
            wrap(b.right(), rp == UNARY || (pow ? rp < p : rp < p || rp == p && nonAssociative), style, shown, sink);
        } else if (e instanceof Expr.Call c) {
            out.append(c.fn().text()).append('(');
            for (int i = 0; i < c.args().size(); i++) {
                if (i > 0) {
                    out.append(style.argumentSeparator);
                }
                text(c.args().get(i), style, shown, sink);
            }
            out.append(')');
        }
    }

    private static void wrap(Expr e, boolean parens, Style style, Map<String, String> shown, Sink out) {
        if (parens) {
            out.buffer.append('(');
        }
        text(e, style, shown, out);
        if (parens) {
            out.buffer.append(')');
        }
    }

    private static void latex(Expr e, StringBuilder out) {
        if (e instanceof Expr.Num n) {
            String s = NumberText.exact(n.value());
            int exp = s.indexOf('e');
            out.append(exp < 0 ? s : s.substring(0, exp) + " \\times 10^{" + s.substring(exp + 1) + "}");
        } else if (e instanceof Expr.Var v) {
            out.append(v.name().length() == 1 ? v.name() : "\\mathit{" + v.name().replace("_", "\\_") + "}");
        } else if (e instanceof Expr.Neg n) {
            out.append('-');
            latexWrap(n.operand(), n.operand() instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB), out);
        } else if (e instanceof Expr.Bin b) {
            switch (b.op()) {
                case ADD, SUB -> {
                    latex(b.left(), out);
                    out.append(' ').append(b.op().text()).append(' ');
                    latexWrap(b.right(), b.op() == Expr.Op.SUB && isSum(b.right()), out);
                }
                case MUL -> {
                    if (b.right() instanceof Expr.Bin q && q.op() == Expr.Op.DIV) {
                        // a * (x/y) is set as one fraction: \frac{a x}{y}
                        out.append("\\frac{");
                        latexWrap(b.left(), isSum(b.left()), out);
                        out.append(" \\, ");
                        latexWrap(q.left(), isSum(q.left()), out);
                        out.append("}{");
                        latex(q.right(), out);
                        out.append('}');
                    } else {
                        latexWrap(b.left(), isSum(b.left()), out);
                        out.append(" \\, ");
                        latexWrap(b.right(), isSum(b.right()), out);
                    }
                }
                case DIV -> {
                    out.append("\\frac{");
                    latex(b.left(), out);
                    out.append("}{");
                    latex(b.right(), out);
                    out.append('}');
                }
                case POW -> {
                    latexWrap(b.left(), !(b.left() instanceof Expr.Var || b.left() instanceof Expr.Num), out);
                    out.append("^{");
                    latex(b.right(), out);
                    out.append('}');
                }
            }
        } else if (e instanceof Expr.Call c) {
            StringBuilder args = new StringBuilder();
            for (int i = 0; i < c.args().size(); i++) {
                args.append(i > 0 ? ", " : "");
                latex(c.args().get(i), args);
            }
            out.append(switch (c.fn()) {
                case LOG -> "\\log\\left(" + args + "\\right)";
                case LOG2 -> "\\log_2\\left(" + args + "\\right)";
                case SQRT -> "\\sqrt{" + args + "}";
                case EXP -> "e^{" + args + "}";
                case CEIL -> "\\left\\lceil " + args + " \\right\\rceil";
                case FLOOR -> "\\left\\lfloor " + args + " \\right\\rfloor";
                case ABS -> "\\left|" + args + "\\right|";
                case MIN -> "\\min\\left(" + args + "\\right)";
                case MAX -> "\\max\\left(" + args + "\\right)";
                case EMAX -> "\\operatorname{E}_{\\max}\\left(" + args + "\\right)";
            });
        }
    }

    private static boolean isSum(Expr e) {
        return e instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB) || e instanceof Expr.Neg;
    }

    private static void latexWrap(Expr e, boolean parens, StringBuilder out) {
        out.append(parens ? "\\left(" : "");
        latex(e, out);
        out.append(parens ? "\\right)" : "");
    }
}

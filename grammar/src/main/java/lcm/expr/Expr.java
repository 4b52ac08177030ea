package lcm.expr;

import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An expression of the annotation language (DESIGN section 3): numbers, variables,
 * {@code + - * / ^}, and a fixed list of functions. This is the only form in which formulas
 * from user files travel through lcm; it is converted to Symja through an allow-list of
 * operations and never handed to a general-purpose parser or evaluator.
 */
public sealed interface Expr permits Expr.Num, Expr.Var, Expr.Neg, Expr.Bin, Expr.Call {

    /** A decimal number, kept exact. */
    record Num(BigDecimal value) implements Expr {
        public Num {
            java.util.Objects.requireNonNull(value, "value");
        }
    }

    record Var(String name) implements Expr {
        public Var {
            java.util.Objects.requireNonNull(name, "name");
        }
    }

    record Neg(Expr operand) implements Expr {
    }

    record Bin(Op op, Expr left, Expr right) implements Expr {
    }

    record Call(Fn fn, List<Expr> args) implements Expr {
        public Call {
            args = List.copyOf(args);
            if (args.size() < fn.minArgs() || args.size() > fn.maxArgs()) {
                throw new IllegalArgumentException(fn.text() + " takes " + fn.arity() + ", got " + args.size());
            }
        }
    }

    enum Op {
        ADD("+", 1), SUB("-", 1), MUL("*", 2), DIV("/", 2), POW("^", 4);

        private final String text;
        private final int precedence;

        Op(String text, int precedence) {
            this.text = text;
            this.precedence = precedence;
        }

        public String text() {
            return text;
        }

        public int precedence() {
            return precedence;
        }
    }

    static Num num(long v) {
        return new Num(BigDecimal.valueOf(v));
    }

    static Num num(double v) {
        return new Num(new BigDecimal(Double.toString(v)));
    }

    static Num num(String text) {
        return new Num(new BigDecimal(text));
    }

    static Var var(String name) {
        return new Var(name);
    }

    static Expr add(Expr a, Expr b) {
        return new Bin(Op.ADD, a, b);
    }

    static Expr sub(Expr a, Expr b) {
        return new Bin(Op.SUB, a, b);
    }

    static Expr mul(Expr a, Expr b) {
        return new Bin(Op.MUL, a, b);
    }

    static Expr div(Expr a, Expr b) {
        return new Bin(Op.DIV, a, b);
    }

    static Expr pow(Expr a, Expr b) {
        return new Bin(Op.POW, a, b);
    }

    static Expr call(Fn fn, Expr... args) {
        return new Call(fn, List.of(args));
    }

    /** The variables this expression mentions, in order of first appearance. */
    default Set<String> variables() {
        Set<String> out = new LinkedHashSet<>();
        collectVariables(this, out);
        return out;
    }

    private static void collectVariables(Expr e, Set<String> out) {
        if (e instanceof Var v) {
            out.add(v.name());
        } else if (e instanceof Neg n) {
            collectVariables(n.operand(), out);
        } else if (e instanceof Bin b) {
            collectVariables(b.left(), out);
            collectVariables(b.right(), out);
        } else if (e instanceof Call c) {
            for (Expr a : c.args()) {
                collectVariables(a, out);
            }
        }
    }

    /** The annotation-language text of this expression; parseable back by {@code AnnotationReader.expression}. */
    default String text() {
        return ExprPrinter.print(this);
    }
}

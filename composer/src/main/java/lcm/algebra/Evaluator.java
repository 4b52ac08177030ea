package lcm.algebra;

import lcm.expr.Expr;

import java.util.Map;

/**
 * Evaluates an {@link Expr} in doubles by walking the tree: only the annotation language's
 * own operations and functions exist here. Simple and exact enough for one point; for many
 * points use {@link CompiledExpr}.
 */
public final class Evaluator {

    /** A variable the expression uses but the caller did not bind. */
    public static final class Unbound extends IllegalArgumentException {
        private final String variable;

        Unbound(String variable) {
            super("no value for " + variable);
            this.variable = variable;
        }

        public String variable() {
            return variable;
        }
    }

    private Evaluator() {
    }

    /** The value at {@code values}; a variable without a value is an {@link Unbound}. */
    public static double eval(Expr e, Map<String, Double> values) {
        if (e instanceof Expr.Num n) {
            return n.value().doubleValue();
        }
        if (e instanceof Expr.Var v) {
            Double x = values.get(v.name());
            if (x == null) {
                throw new Unbound(v.name());
            }
            return x;
        }
        if (e instanceof Expr.Neg n) {
            return -eval(n.operand(), values);
        }
        if (e instanceof Expr.Bin b) {
            double l = eval(b.left(), values);
            double r = eval(b.right(), values);
            return switch (b.op()) {
                case ADD -> l + r;
                case SUB -> l - r;
                case MUL -> l * r;
                case DIV -> l / r;
                case POW -> Math.pow(l, r);
            };
        }
        Expr.Call c = (Expr.Call) e;
        double a = eval(c.args().get(0), values);
        return switch (c.fn()) {
            case LOG -> Math.log(a);
            case LOG2 -> Math.log(a) / Math.log(2);
            case SQRT -> Math.sqrt(a);
            case EXP -> Math.exp(a);
            case CEIL -> Math.ceil(a);
            case FLOOR -> Math.floor(a);
            case ABS -> Math.abs(a);
            case MIN, MAX -> {
                double acc = a;
                for (int i = 1; i < c.args().size(); i++) {
                    double x = eval(c.args().get(i), values);
                    acc = c.fn() == lcm.expr.Fn.MAX ? Math.max(acc, x) : Math.min(acc, x);
                }
                yield acc;
            }
        };
    }
}

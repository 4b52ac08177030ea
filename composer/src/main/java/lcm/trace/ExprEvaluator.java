package lcm.trace;

import lcm.expr.Expr;

import java.util.Map;

/**
 * Evaluates an annotation-language expression ({@link Expr}) in doubles at given variable
 * values: the machine characterizations' f(b) and g(b). Only the language's own operations and
 * functions exist here; nothing reaches a general-purpose evaluator.
 */
public final class ExprEvaluator {

    /** A variable the expression uses but the caller did not bind. */
    public static final class Unbound extends RuntimeException {
        private final String variable;

        Unbound(String variable) {
            super("unknown variable '" + variable + "'", null, false, false);
            this.variable = variable;
        }

        public String variable() {
            return variable;
        }
    }

    private ExprEvaluator() {
    }

    public static double eval(Expr e, Map<String, Double> vars) {
        if (e instanceof Expr.Num n) {
            return n.value().doubleValue();
        }
        if (e instanceof Expr.Var v) {
            Double x = vars.get(v.name());
            if (x == null) {
                throw new Unbound(v.name());
            }
            return x;
        }
        if (e instanceof Expr.Neg neg) {
            return -eval(neg.operand(), vars);
        }
        if (e instanceof Expr.Bin b) {
            double l = eval(b.left(), vars);
            double r = eval(b.right(), vars);
            return switch (b.op()) {
                case ADD -> l + r;
                case SUB -> l - r;
                case MUL -> l * r;
                case DIV -> l / r;
                case POW -> Math.pow(l, r);
            };
        }
        Expr.Call c = (Expr.Call) e;
        double a = eval(c.args().get(0), vars);
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
                    double x = eval(c.args().get(i), vars);
                    acc = c.fn() == lcm.expr.Fn.MIN ? Math.min(acc, x) : Math.max(acc, x);
                }
                yield acc;
            }
        };
    }
}

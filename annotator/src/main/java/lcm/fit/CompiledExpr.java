package lcm.fit;

import lcm.expr.Expr;

import java.util.List;

/**
 * An {@link Expr} compiled to a tree of nodes that evaluates over an array of slots (variables,
 * then coefficients) without maps or boxing, and differentiates with respect to one slot (for
 * the Jacobian of Levenberg-Marquardt). Only the annotation language's operations exist here:
 * this is the "compiled evaluator", never a general-purpose one.
 */
public abstract class CompiledExpr {

    private static final double LN2 = Math.log(2);

    /** The value at {@code env}. */
    public abstract double eval(double[] env);

    /** The partial derivative with respect to slot {@code slot} at {@code env}. */
    public abstract double derivative(double[] env, int slot);

    /** Whether the expression depends on {@code slot} at all. */
    public abstract boolean uses(int slot);

    /**
     * Compiles {@code e}; every variable must be in {@code slots} (its index is its slot).
     *
     * @throws IllegalArgumentException for a variable not in {@code slots}
     */
    public static CompiledExpr compile(Expr e, List<String> slots) {
        if (e instanceof Expr.Num n) {
            return new Const(n.value().doubleValue());
        }
        if (e instanceof Expr.Var v) {
            int slot = slots.indexOf(v.name());
            if (slot < 0) {
                throw new IllegalArgumentException("unknown name '" + v.name() + "'");
            }
            return new Slot(slot);
        }
        if (e instanceof Expr.Neg n) {
            return new Neg(compile(n.operand(), slots));
        }
        if (e instanceof Expr.Bin b) {
            CompiledExpr l = compile(b.left(), slots);
            CompiledExpr r = compile(b.right(), slots);
            return switch (b.op()) {
                case ADD -> new Add(l, r, 1);
                case SUB -> new Add(l, r, -1);
                case MUL -> new Mul(l, r);
                case DIV -> new Div(l, r);
                case POW -> r instanceof Const c ? new PowConst(l, c.value) : new Pow(l, r);
            };
        }
        Expr.Call c = (Expr.Call) e;
        CompiledExpr[] args = c.args().stream().map(a -> compile(a, slots)).toArray(CompiledExpr[]::new);
        return switch (c.fn()) {
            case MIN -> new Extreme(args, -1);
            case MAX -> new Extreme(args, 1);
            default -> new Unary(c.fn(), args[0]);
        };
    }

    private static final class Const extends CompiledExpr {
        final double value;

        Const(double value) {
            this.value = value;
        }

        public double eval(double[] env) {
            return value;
        }

        public double derivative(double[] env, int slot) {
            return 0;
        }

        public boolean uses(int slot) {
            return false;
        }
    }

    private static final class Slot extends CompiledExpr {
        final int slot;

        Slot(int slot) {
            this.slot = slot;
        }

        public double eval(double[] env) {
            return env[slot];
        }

        public double derivative(double[] env, int s) {
            return s == slot ? 1 : 0;
        }

        public boolean uses(int s) {
            return s == slot;
        }
    }

    private static final class Neg extends CompiledExpr {
        final CompiledExpr a;

        Neg(CompiledExpr a) {
            this.a = a;
        }

        public double eval(double[] env) {
            return -a.eval(env);
        }

        public double derivative(double[] env, int slot) {
            return -a.derivative(env, slot);
        }

        public boolean uses(int slot) {
            return a.uses(slot);
        }
    }

    private abstract static class Binary extends CompiledExpr {
        final CompiledExpr a;
        final CompiledExpr b;

        Binary(CompiledExpr a, CompiledExpr b) {
            this.a = a;
            this.b = b;
        }

        public boolean uses(int slot) {
            return a.uses(slot) || b.uses(slot);
        }
    }

    private static final class Add extends Binary {
        final int sign;

        Add(CompiledExpr a, CompiledExpr b, int sign) {
            super(a, b);
            this.sign = sign;
        }

        public double eval(double[] env) {
            return a.eval(env) + sign * b.eval(env);
        }

        public double derivative(double[] env, int slot) {
            return a.derivative(env, slot) + sign * b.derivative(env, slot);
        }
    }

    private static final class Mul extends Binary {
        Mul(CompiledExpr a, CompiledExpr b) {
            super(a, b);
        }

        public double eval(double[] env) {
            return a.eval(env) * b.eval(env);
        }

        public double derivative(double[] env, int slot) {
            double da = a.uses(slot) ? a.derivative(env, slot) * b.eval(env) : 0;
            double db = b.uses(slot) ? a.eval(env) * b.derivative(env, slot) : 0;
            return da + db;
        }
    }

    private static final class Div extends Binary {
        Div(CompiledExpr a, CompiledExpr b) {
            super(a, b);
        }

        public double eval(double[] env) {
            return a.eval(env) / b.eval(env);
        }

        public double derivative(double[] env, int slot) {
            double bv = b.eval(env);
            double da = a.uses(slot) ? a.derivative(env, slot) / bv : 0;
            double db = b.uses(slot) ? -a.eval(env) * b.derivative(env, slot) / (bv * bv) : 0;
            return da + db;
        }
    }

    private static final class PowConst extends CompiledExpr {
        final CompiledExpr a;
        final double exponent;

        PowConst(CompiledExpr a, double exponent) {
            this.a = a;
            this.exponent = exponent;
        }

        public double eval(double[] env) {
            double x = a.eval(env);
            if (exponent == 2) {
                return x * x;
            }
            if (exponent == 1) {
                return x;
            }
            if (exponent == 0.5) {
                return Math.sqrt(x);
            }
            return Math.pow(x, exponent);
        }

        public double derivative(double[] env, int slot) {
            if (!a.uses(slot)) {
                return 0;
            }
            return exponent * Math.pow(a.eval(env), exponent - 1) * a.derivative(env, slot);
        }

        public boolean uses(int slot) {
            return a.uses(slot);
        }
    }

    private static final class Pow extends Binary {
        Pow(CompiledExpr a, CompiledExpr b) {
            super(a, b);
        }

        public double eval(double[] env) {
            return Math.pow(a.eval(env), b.eval(env));
        }

        public double derivative(double[] env, int slot) {
            double x = a.eval(env);
            double y = b.eval(env);
            double v = Math.pow(x, y);
            double d = 0;
            if (b.uses(slot)) {
                d += v * Math.log(x) * b.derivative(env, slot);
            }
            if (a.uses(slot)) {
                d += y * Math.pow(x, y - 1) * a.derivative(env, slot);
            }
            return d;
        }
    }

    private static final class Unary extends CompiledExpr {
        final lcm.expr.Fn fn;
        final CompiledExpr a;

        Unary(lcm.expr.Fn fn, CompiledExpr a) {
            this.fn = fn;
            this.a = a;
        }

        public double eval(double[] env) {
            double x = a.eval(env);
            return switch (fn) {
                case LOG -> Math.log(x);
                case LOG2 -> Math.log(x) / LN2;
                case SQRT -> Math.sqrt(x);
                case EXP -> Math.exp(x);
                case CEIL -> Math.ceil(x);
                case FLOOR -> Math.floor(x);
                case ABS -> Math.abs(x);
                default -> throw new IllegalStateException(fn.text());
            };
        }

        public double derivative(double[] env, int slot) {
            if (!a.uses(slot)) {
                return 0;
            }
            double x = a.eval(env);
            double outer = switch (fn) {
                case LOG -> 1 / x;
                case LOG2 -> 1 / (x * LN2);
                case SQRT -> 0.5 / Math.sqrt(x);
                case EXP -> Math.exp(x);
                case CEIL, FLOOR -> 0;
                case ABS -> Math.signum(x);
                default -> throw new IllegalStateException(fn.text());
            };
            return outer * a.derivative(env, slot);
        }

        public boolean uses(int slot) {
            return a.uses(slot);
        }
    }

    /** min (sign -1) or max (sign 1); its derivative is that of the argument that is the extreme. */
    private static final class Extreme extends CompiledExpr {
        final CompiledExpr[] args;
        final int sign;

        Extreme(CompiledExpr[] args, int sign) {
            this.args = args;
            this.sign = sign;
        }

        private int pick(double[] env) {
            int best = 0;
            double bv = args[0].eval(env);
            for (int i = 1; i < args.length; i++) {
                double v = args[i].eval(env);
                if (sign * v > sign * bv) {
                    best = i;
                    bv = v;
                }
            }
            return best;
        }

        public double eval(double[] env) {
            return args[pick(env)].eval(env);
        }

        public double derivative(double[] env, int slot) {
            return args[pick(env)].derivative(env, slot);
        }

        public boolean uses(int slot) {
            for (CompiledExpr a : args) {
                if (a.uses(slot)) {
                    return true;
                }
            }
            return false;
        }
    }
}

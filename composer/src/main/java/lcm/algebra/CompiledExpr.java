package lcm.algebra;

import lcm.expr.Expr;
import org.codehaus.janino.ClassBodyEvaluator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A composed model compiled to JVM bytecode (with Janino) for evaluation at many points: the
 * model is written as Java arithmetic on an array of variable values and compiled once.
 * The generated source holds only numbers lcm formats, array indices and {@code Math} calls
 * for the allow-listed functions: no text from a user's file reaches the compiler.
 * Large models are linearized (each distinct subexpression once) and split over several
 * methods to stay under the JVM's method-size limit. Instances are thread-safe.
 */
public final class CompiledExpr {

    /** The interface the generated class implements. */
    public interface Function {
        double eval(double[] x);
    }

    private static final int INLINE_LIMIT = 400;
    private static final int STATEMENTS_PER_METHOD = 1500;

    private final List<String> variables;
    private final Function function;

    private CompiledExpr(List<String> variables, Function function) {
        this.variables = List.copyOf(variables);
        this.function = function;
    }

    /** Compiles {@code e}; {@code variables} fixes the order of values passed to {@link #eval}. */
    public static CompiledExpr compile(Expr e, List<String> variables) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < variables.size(); i++) {
            index.put(variables.get(i), i);
        }
        for (String v : e.variables()) {
            if (!index.containsKey(v)) {
                throw new IllegalArgumentException("variable " + v + " is not among " + variables);
            }
        }
        String body = size(e, new IdentityHashMap<>()) <= INLINE_LIMIT
                ? "public double eval(double[] x) { return " + new Writer(index).inline(e) + "; }\n"
                : new Writer(index).linearized(e);
        try {
            ClassBodyEvaluator cbe = new ClassBodyEvaluator();
            cbe.setImplementedInterfaces(new Class<?>[] {Function.class});
            cbe.setParentClassLoader(CompiledExpr.class.getClassLoader());
            cbe.cook(body);
            Function f = (Function) cbe.getClazz().getDeclaredConstructor().newInstance();
            return new CompiledExpr(variables, f);
        } catch (Exception ex) {
            throw new IllegalStateException("cannot compile model: " + ex.getMessage(), ex);
        }
    }

    public List<String> variables() {
        return variables;
    }

    /** The value at {@code values}, given in the order of {@link #variables()}. */
    public double eval(double... values) {
        return function.eval(values);
    }

    private static int size(Expr e, Map<Expr, Boolean> seen) {
        if (seen.put(e, Boolean.TRUE) != null) {
            return 1;
        }
        int n = 1;
        if (e instanceof Expr.Neg neg) {
            n += size(neg.operand(), seen);
        } else if (e instanceof Expr.Bin b) {
            n += size(b.left(), seen) + size(b.right(), seen);
        } else if (e instanceof Expr.Call c) {
            for (Expr a : c.args()) {
                n += size(a, seen);
            }
        }
        return n;
    }

    /** Writes Java source for an expression. */
    private static final class Writer {
        private final Map<String, Integer> index;
        private final Map<Expr, Integer> slots = new IdentityHashMap<>();
        private final List<String> statements = new ArrayList<>();

        Writer(Map<String, Integer> index) {
            this.index = index;
        }

        String inline(Expr e) {
            return write(e, this::inline);
        }

        String linearized(Expr e) {
            int result = slot(e);
            StringBuilder out = new StringBuilder();
            int parts = (statements.size() + STATEMENTS_PER_METHOD - 1) / STATEMENTS_PER_METHOD;
            out.append("public double eval(double[] x) {\n  double[] t = new double[").append(statements.size())
                    .append("];\n");
            for (int p = 0; p < parts; p++) {
                out.append("  part").append(p).append("(x, t);\n");
            }
            out.append("  return t[").append(result).append("];\n}\n");
            for (int p = 0; p < parts; p++) {
                out.append("private static void part").append(p).append("(double[] x, double[] t) {\n");
                int end = Math.min(statements.size(), (p + 1) * STATEMENTS_PER_METHOD);
                for (int i = p * STATEMENTS_PER_METHOD; i < end; i++) {
                    out.append("  ").append(statements.get(i)).append('\n');
                }
                out.append("}\n");
            }
            return out.toString();
        }

        private int slot(Expr e) {
            Integer known = slots.get(e);
            if (known != null) {
                return known;
            }
            String rhs = write(e, sub -> "t[" + slot(sub) + "]");
            int s = statements.size();
            statements.add("t[" + s + "] = " + rhs + ";");
            slots.put(e, s);
            return s;
        }

        private String write(Expr e, java.util.function.Function<Expr, String> operand) {
            if (e instanceof Expr.Num n) {
                return literal(n.value().doubleValue());
            }
            if (e instanceof Expr.Var v) {
                return "x[" + index.get(v.name()) + "]";
            }
            if (e instanceof Expr.Neg neg) {
                return "(-" + operand.apply(neg.operand()) + ")";
            }
            if (e instanceof Expr.Bin b) {
                String l = operand.apply(b.left());
                String r = operand.apply(b.right());
                return switch (b.op()) {
                    case ADD -> "(" + l + " + " + r + ")";
                    case SUB -> "(" + l + " - " + r + ")";
                    case MUL -> "(" + l + " * " + r + ")";
                    case DIV -> "(" + l + " / " + r + ")";
                    case POW -> power(b, l, r);
                };
            }
            Expr.Call c = (Expr.Call) e;
            List<String> args = new ArrayList<>();
            for (Expr a : c.args()) {
                args.add(operand.apply(a));
            }
            String a0 = args.get(0);
            return switch (c.fn()) {
                case LOG -> "Math.log(" + a0 + ")";
                case LOG2 -> "(Math.log(" + a0 + ") / Math.log(2.0))";
                case SQRT -> "Math.sqrt(" + a0 + ")";
                case EXP -> "Math.exp(" + a0 + ")";
                case CEIL -> "Math.ceil(" + a0 + ")";
                case FLOOR -> "Math.floor(" + a0 + ")";
                case ABS -> "Math.abs(" + a0 + ")";
                case MIN, MAX -> fold(c.fn() == lcm.expr.Fn.MAX ? "Math.max" : "Math.min", args);
            };
        }

        private static String power(Expr.Bin b, String l, String r) {
            if (b.right() instanceof Expr.Num n) {
                double k = n.value().doubleValue();
                if (k == 2) {
                    return "(" + l + " * " + l + ")";
                }
                if (k == 0.5) {
                    return "Math.sqrt(" + l + ")";
                }
            }
            return "Math.pow(" + l + ", " + r + ")";
        }

        private static String fold(String fn, List<String> args) {
            String acc = args.get(0);
            for (int i = 1; i < args.size(); i++) {
                acc = fn + "(" + acc + ", " + args.get(i) + ")";
            }
            return acc;
        }

        private static String literal(double v) {
            if (Double.isNaN(v)) {
                return "Double.NaN";
            }
            if (Double.isInfinite(v)) {
                return v > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
            }
            String s = Double.toString(v);
            return v < 0 ? "(" + s + ")" : s;
        }
    }
}

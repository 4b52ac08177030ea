package lcm.expr;

import org.codehaus.janino.ClassBodyEvaluator;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@link Expr} compiled for evaluation at many points: the one compiler of lcm, used by
 * compose, compare, fit and traces. The expression becomes a {@link Tape} (straight-line code,
 * each distinct subexpression once); the tape is interpreted at first and, once it has been run
 * enough to pay for it, written as Java and compiled to bytecode with Janino (the JVM's own
 * tiering, one level up). Both tiers compute every operation through {@link Expr.Op#apply} and
 * {@link Fn}, so they give the same doubles.
 *
 * <p>Values are passed as an array in the order of {@link #variables()} (for fit: the
 * variables, then the coefficients). Instances are thread-safe.
 */
public final class CompiledExpr {

    /** The interface the generated class implements. */
    public interface Function {
        double eval(double[] x);
    }

    /** Instructions run interpreted before the tape is compiled to bytecode (a few milliseconds). */
    private static final long COMPILE_AFTER = 2_000_000;

    private final List<String> variables;
    private final Tape tape;
    private volatile Function compiled;
    private long work;

    private CompiledExpr(List<String> variables, Tape tape) {
        this.variables = List.copyOf(variables);
        this.tape = tape;
    }

    /**
     * Compiles {@code e}; {@code variables} fixes the order of values passed to {@link #eval}.
     *
     * @throws IllegalArgumentException for a variable of {@code e} not in {@code variables}
     */
    public static CompiledExpr compile(Expr e, List<String> variables) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < variables.size(); i++) {
            index.putIfAbsent(variables.get(i), i);
        }
        try {
            return new CompiledExpr(variables, Tape.of(e, index));
        } catch (Tape.Unknown u) {
            throw new IllegalArgumentException("unknown name '" + u.variable + "' (variables: "
                    + String.join(", ", variables) + ")");
        }
    }

    /** Compiles {@code e} and turns it into bytecode at once (for callers that evaluate it millions of times). */
    public static CompiledExpr compileToBytecode(Expr e, List<String> variables) {
        CompiledExpr c = compile(e, variables);
        c.bytecode();
        return c;
    }

    public List<String> variables() {
        return variables;
    }

    /** Instructions per evaluation: the distinct operations of the expression. */
    public int instructions() {
        return tape.size;
    }

    /** The value at {@code values}, given in the order of {@link #variables()}. */
    public double eval(double... values) {
        Function f = compiled;
        if (f != null) {
            return f.eval(values);
        }
        work += tape.size;
        if (work > COMPILE_AFTER) {
            return bytecode().eval(values);
        }
        return tape.eval(values);
    }

    /** The partial derivative with respect to the value at index {@code slot}, at {@code values}. */
    public double derivative(double[] values, int slot) {
        return tape.derivative(values, slot);
    }

    /** Whether the value depends on the value at index {@code slot} at all. */
    public boolean uses(int slot) {
        return slot < tape.uses.length && tape.uses[slot];
    }

    /** The Java source the bytecode tier compiles (for tests and the curious). */
    public String javaSource() {
        return JavaEmitter.classBody(tape);
    }

    private synchronized Function bytecode() {
        if (compiled != null) {
            return compiled;
        }
        try {
            ClassBodyEvaluator cbe = new ClassBodyEvaluator();
            cbe.setImplementedInterfaces(new Class<?>[] {Function.class});
            cbe.setParentClassLoader(CompiledExpr.class.getClassLoader());
            cbe.cook(JavaEmitter.classBody(tape));
            compiled = (Function) cbe.getClazz().getDeclaredConstructor().newInstance();
        } catch (Exception | LinkageError ex) {
            // the interpreter gives the same values; stay with it
            compiled = tape::eval;
        }
        return compiled;
    }
}

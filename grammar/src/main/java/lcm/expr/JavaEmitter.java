package lcm.expr;

/**
 * Writes a {@link Tape} as the body of a Java class implementing {@link CompiledExpr.Function}:
 * one local per instruction, numbers as literals, each function as the Java method
 * {@link Fn#javaMethod()} names. The text holds only numbers this class formats, array indices
 * and those method names: nothing a user wrote reaches the compiler. Tapes too long for one
 * JVM method (64 KiB of bytecode, 65,535 locals) keep their values in an array and are split
 * over several methods.
 */
final class JavaEmitter {

    /** Instructions that fit one method with a local each. */
    static final int LOCALS_LIMIT = 1500;
    private static final int STATEMENTS_PER_METHOD = 1500;

    private JavaEmitter() {
    }

    static String classBody(Tape tape) {
        return tape.size <= LOCALS_LIMIT ? withLocals(tape) : split(tape);
    }

    private static String withLocals(Tape tape) {
        StringBuilder out = new StringBuilder("public double eval(double[] x) {\n");
        for (int i = 0; i < tape.size; i++) {
            if (tape.op[i] != Tape.CONST) {
                out.append("  final double t").append(i).append(" = ").append(rhs(tape, i, false)).append(";\n");
            }
        }
        return out.append("  return ").append(operand(tape, tape.result, false)).append(";\n}\n").toString();
    }

    private static String split(Tape tape) {
        StringBuilder out = new StringBuilder();
        int parts = (tape.size + STATEMENTS_PER_METHOD - 1) / STATEMENTS_PER_METHOD;
        out.append("public double eval(double[] x) {\n  double[] t = new double[").append(tape.size).append("];\n");
        for (int p = 0; p < parts; p++) {
            out.append("  part").append(p).append("(x, t);\n");
        }
        out.append("  return ").append(operand(tape, tape.result, true)).append(";\n}\n");
        for (int p = 0; p < parts; p++) {
            out.append("private static void part").append(p).append("(double[] x, double[] t) {\n");
            int end = Math.min(tape.size, (p + 1) * STATEMENTS_PER_METHOD);
            for (int i = p * STATEMENTS_PER_METHOD; i < end; i++) {
                if (tape.op[i] != Tape.CONST) {
                    out.append("  t[").append(i).append("] = ").append(rhs(tape, i, true)).append(";\n");
                }
            }
            out.append("}\n");
        }
        return out.toString();
    }

    private static String rhs(Tape tape, int i, boolean array) {
        String l = operand(tape, tape.a[i], array);
        String r = tape.op[i] == Tape.VAR ? "" : operand(tape, tape.b[i], array);
        return switch (tape.op[i]) {
            case Tape.VAR -> "x[" + tape.a[i] + "]";
            case Tape.NEG -> "-" + l;
            case Tape.ADD -> l + " + " + r;
            case Tape.SUB -> l + " - " + r;
            case Tape.MUL -> l + " * " + r;
            case Tape.DIV -> l + " / " + r;
            case Tape.POW -> "lcm.expr.Fn.power(" + l + ", " + r + ")";
            case Tape.POWK -> powerOf(l, tape.k[i]);
            case Tape.CALL, Tape.EXTREME -> tape.fn[i].javaMethod() + "(" + l
                    + (tape.op[i] == Tape.EXTREME ? ", " + r : "") + ")";
            default -> throw new IllegalStateException("instruction " + tape.op[i]);
        };
    }

    /** {@link Fn#power} with its exponent known: the branch it would take, written out. */
    private static String powerOf(String x, double k) {
        if (k == 2) {
            return x + " * " + x;
        }
        if (k == 1) {
            return x;
        }
        if (k == 0.5) {
            return "Math.sqrt(" + x + ")";
        }
        return "Math.pow(" + x + ", " + literal(k) + ")";
    }

    private static String operand(Tape tape, int slot, boolean array) {
        if (tape.op[slot] == Tape.CONST) {
            return literal(tape.k[slot]);
        }
        return array ? "t[" + slot + "]" : "t" + slot;
    }

    private static String literal(double v) {
        if (Double.isNaN(v)) {
            return "Double.NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "Double.POSITIVE_INFINITY" : "(Double.NEGATIVE_INFINITY)";
        }
        String s = Double.toString(v);
        return v < 0 || (v == 0 && 1 / v < 0) ? "(" + s + ")" : s;
    }
}

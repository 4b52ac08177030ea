package lcm.expr;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * An expression as straight-line code: one instruction per distinct subexpression, each
 * reading the results of earlier ones, the last one the value. Equal subexpressions become one
 * instruction (value numbering: same operation on the same operands), so {@code log(n)} that a
 * composed model mentions in four places is computed once per point; operations on numbers
 * alone are computed here, once. The walk that builds it is iterative, so flat sums of any
 * length and deep nests are fine.
 *
 * <p>The tape is what {@link CompiledExpr} interprets and what {@link JavaEmitter} turns into
 * bytecode; both compute each operation through {@link Expr.Op#apply} and {@link Fn}.
 */
final class Tape {

    static final byte CONST = 0;
    static final byte VAR = 1;
    static final byte NEG = 2;
    static final byte ADD = 3;
    static final byte SUB = 4;
    static final byte MUL = 5;
    static final byte DIV = 6;
    /** {@code a ^ b} with a variable exponent. */
    static final byte POW = 7;
    /** {@code a ^ k} with a constant exponent k. */
    static final byte POWK = 8;
    /** A one-argument function. */
    static final byte CALL = 9;
    /** min or max of two operands (n-ary calls fold from the left). */
    static final byte EXTREME = 10;

    /** The variable a tape needs but was not given. */
    static final class Unknown extends RuntimeException {
        final String variable;

        Unknown(String variable) {
            super(variable, null, false, false);
            this.variable = variable;
        }
    }

    final byte[] op;
    /** Operand slots; for VAR the variable's index, for CONST unused. */
    final int[] a;
    final int[] b;
    /** The constant of CONST and POWK. */
    final double[] k;
    /** The function of CALL and EXTREME. */
    final Fn[] fn;
    final int size;
    final int result;
    /** Per variable index: whether the value depends on it. */
    final boolean[] uses;
    /** The interpreter's dispatch: the operation, with each function its own code. */
    private final int[] code;

    private static final int LOG = 16;
    private static final int LOG2 = 17;
    private static final int SQRT = 18;
    private static final int EXP = 19;
    private static final int CEIL = 20;
    private static final int FLOOR = 21;
    private static final int ABS = 22;
    private static final int MIN = 23;
    private static final int MAX = 24;
    private static final int EMAX = 25;

    private Tape(Builder t, int result, int variables) {
        this.size = t.size;
        this.op = Arrays.copyOf(t.op, size);
        this.a = Arrays.copyOf(t.a, size);
        this.b = Arrays.copyOf(t.b, size);
        this.k = Arrays.copyOf(t.k, size);
        this.fn = Arrays.copyOf(t.fn, size);
        this.result = result;
        this.uses = new boolean[variables];
        this.code = new int[size];
        for (int i = 0; i < size; i++) {
            if (op[i] == VAR) {
                uses[a[i]] = true;
            }
            code[i] = op[i] != CALL && op[i] != EXTREME ? op[i] : switch (fn[i]) {
                case LOG -> LOG;
                case LOG2 -> LOG2;
                case SQRT -> SQRT;
                case EXP -> EXP;
                case CEIL -> CEIL;
                case FLOOR -> FLOOR;
                case ABS -> ABS;
                case MIN -> MIN;
                case MAX -> MAX;
                case EMAX -> EMAX;
            };
        }
    }

    /** The tape of {@code e}; {@code index} gives each variable's position in the value array. */
    static Tape of(Expr e, Map<String, Integer> index) {
        Builder t = new Builder(index);
        int result = t.build(e);
        return new Tape(t, result, index.size());
    }

    /**
     * One tape for several expressions, their equal subexpressions one slot: {@code slots} gets
     * each expression's slot (read with {@link #run}), -1 for one of the {@code optional}
     * expressions that names a variable not in {@code index}; the {@code required} ones must not.
     */
    static Tape ofAll(List<Expr> required, List<Expr> optional, Map<String, Integer> index, int[] slots) {
        Builder t = new Builder(index);
        int i = 0;
        for (Expr e : required) {
            slots[i++] = t.build(e);
        }
        for (Expr e : optional) {
            try {
                slots[i] = t.build(e);
            } catch (Unknown unbound) {
                slots[i] = -1;
            }
            i++;
        }
        return new Tape(t, slots.length == 0 ? 0 : slots[0], index.size());
    }

    /**
     * The value at {@code x} (variables by index). Each function is the Java method
     * {@link Fn#javaMethod()} names, as in the bytecode tier.
     */
    double eval(double[] x) {
        return run(x)[result];
    }

    /** Every slot's value at {@code x} (variables by index), as {@link #eval} computes them. */
    double[] run(double[] x) {
        final int[] code = this.code;
        final int[] a = this.a;
        final int[] b = this.b;
        final double[] k = this.k;
        double[] t = new double[size];
        for (int i = 0; i < t.length; i++) {
            t[i] = switch (code[i]) {
                case CONST -> k[i];
                case VAR -> x[a[i]];
                case NEG -> -t[a[i]];
                case ADD -> t[a[i]] + t[b[i]];
                case SUB -> t[a[i]] - t[b[i]];
                case MUL -> t[a[i]] * t[b[i]];
                case DIV -> t[a[i]] / t[b[i]];
                case POW -> Fn.power(t[a[i]], t[b[i]]);
                case POWK -> Fn.power(t[a[i]], k[i]);
                case LOG -> Math.log(t[a[i]]);
                case LOG2 -> Fn.log2(t[a[i]]);
                case SQRT -> Math.sqrt(t[a[i]]);
                case EXP -> Math.exp(t[a[i]]);
                case CEIL -> Math.ceil(t[a[i]]);
                case FLOOR -> Math.floor(t[a[i]]);
                case ABS -> Math.abs(t[a[i]]);
                case MIN -> Math.min(t[a[i]], t[b[i]]);
                case EMAX -> NormalMaximum.expected(t[a[i]]);
                default -> Math.max(t[a[i]], t[b[i]]);
            };
        }
        return t;
    }

    /**
     * The partial derivative with respect to variable {@code slot} at {@code x}, in forward mode.
     * A term whose operand does not depend on the variable contributes nothing (not 0 times an
     * infinite value); min and max take the derivative of the operand that is the extreme (the
     * first of equal ones).
     */
    double derivative(double[] x, int slot) {
        double[] t = new double[size];
        double[] d = new double[size];
        boolean[] dep = new boolean[size];
        for (int i = 0; i < size; i++) {
            int l = a[i];
            int r = b[i];
            switch (op[i]) {
                case CONST -> t[i] = k[i];
                case VAR -> {
                    t[i] = x[l];
                    dep[i] = l == slot;
                    d[i] = dep[i] ? 1 : 0;
                }
                case NEG -> {
                    t[i] = -t[l];
                    dep[i] = dep[l];
                    d[i] = -d[l];
                }
                case ADD, SUB -> {
                    t[i] = op[i] == ADD ? t[l] + t[r] : t[l] - t[r];
                    dep[i] = dep[l] || dep[r];
                    d[i] = op[i] == ADD ? d[l] + d[r] : d[l] - d[r];
                }
                case MUL -> {
                    t[i] = t[l] * t[r];
                    dep[i] = dep[l] || dep[r];
                    d[i] = (dep[l] ? d[l] * t[r] : 0) + (dep[r] ? t[l] * d[r] : 0);
                }
                case DIV -> {
                    t[i] = t[l] / t[r];
                    dep[i] = dep[l] || dep[r];
                    d[i] = (dep[l] ? d[l] / t[r] : 0) + (dep[r] ? -t[l] * d[r] / (t[r] * t[r]) : 0);
                }
                case POWK -> {
                    t[i] = Fn.power(t[l], k[i]);
                    dep[i] = dep[l];
                    d[i] = dep[l] ? k[i] * Math.pow(t[l], k[i] - 1) * d[l] : 0;
                }
                case POW -> {
                    t[i] = Fn.power(t[l], t[r]);
                    dep[i] = dep[l] || dep[r];
                    d[i] = (dep[r] ? t[i] * Math.log(t[l]) * d[r] : 0)
                            + (dep[l] ? t[r] * Math.pow(t[l], t[r] - 1) * d[l] : 0);
                }
                case CALL -> {
                    t[i] = fn[i].apply(t[l]);
                    dep[i] = dep[l];
                    d[i] = dep[l] ? fn[i].slope(t[l]) * d[l] : 0;
                }
                default -> {
                    t[i] = fn[i].apply(t[l], t[r]);
                    boolean right = fn[i] == Fn.MAX ? t[r] > t[l] : t[r] < t[l];
                    dep[i] = right ? dep[r] : dep[l];
                    d[i] = right ? d[r] : d[l];
                }
            }
        }
        return d[result];
    }

    /** Builds a tape, numbering values so that equal operations on equal operands share one slot. */
    private static final class Builder {
        private final Map<String, Integer> index;
        private final Map<Expr, Integer> slotOf = new IdentityHashMap<>();
        private final Map<Key, Integer> numbered = new HashMap<>();
        private byte[] op = new byte[16];
        private int[] a = new int[16];
        private int[] b = new int[16];
        private double[] k = new double[16];
        private Fn[] fn = new Fn[16];
        private int size;

        Builder(Map<String, Integer> index) {
            this.index = index;
        }

        private record Key(byte op, int a, int b, long k, Fn fn) {
        }

        int build(Expr root) {
            Deque<Expr> stack = new ArrayDeque<>();
            stack.push(root);
            while (!stack.isEmpty()) {
                Expr e = stack.peek();
                if (slotOf.containsKey(e)) {
                    stack.pop();
                    continue;
                }
                boolean ready = true;
                for (Expr child : e.children()) {
                    if (!slotOf.containsKey(child)) {
                        stack.push(child);
                        ready = false;
                    }
                }
                if (ready) {
                    stack.pop();
                    slotOf.put(e, emit(e));
                }
            }
            return slotOf.get(root);
        }

        private int emit(Expr e) {
            if (e instanceof Expr.Num n) {
                return constant(n.value().doubleValue());
            }
            if (e instanceof Expr.Var v) {
                Integer i = index.get(v.name());
                if (i == null) {
                    throw new Unknown(v.name());
                }
                return add(VAR, i, 0, 0, null);
            }
            if (e instanceof Expr.Neg n) {
                return add(NEG, slotOf.get(n.operand()), 0, 0, null);
            }
            if (e instanceof Expr.Bin bin) {
                int l = slotOf.get(bin.left());
                int r = slotOf.get(bin.right());
                return switch (bin.op()) {
                    // a+b and b+a are the same double: one slot for both
                    case ADD -> add(ADD, Math.min(l, r), Math.max(l, r), 0, null);
                    case MUL -> add(MUL, Math.min(l, r), Math.max(l, r), 0, null);
                    case SUB -> add(SUB, l, r, 0, null);
                    case DIV -> add(DIV, l, r, 0, null);
                    case POW -> op[r] == CONST ? add(POWK, l, 0, k[r], null) : add(POW, l, r, 0, null);
                };
            }
            Expr.Call c = (Expr.Call) e;
            int acc = slotOf.get(c.args().get(0));
            if (!c.fn().variadic()) {
                return add(CALL, acc, 0, 0, c.fn());
            }
            for (int i = 1; i < c.args().size(); i++) {
                acc = add(EXTREME, acc, slotOf.get(c.args().get(i)), 0, c.fn());
            }
            return acc;
        }

        private int constant(double v) {
            return add(CONST, 0, 0, v, null);
        }

        private int add(byte o, int l, int r, double c, Fn f) {
            if (o != CONST && o != VAR && op[l] == CONST && (o == NEG || o == POWK || o == CALL || op[r] == CONST)) {
                // only numbers: compute the value now, with the semantics of the tape itself
                return constant(foldConstant(o, k[l], k[r], c, f));
            }
            Key key = new Key(o, l, r, Double.doubleToRawLongBits(c), f);
            Integer known = numbered.get(key);
            if (known != null) {
                return known;
            }
            if (size == op.length) {
                int n = size * 2;
                op = Arrays.copyOf(op, n);
                a = Arrays.copyOf(a, n);
                b = Arrays.copyOf(b, n);
                k = Arrays.copyOf(k, n);
                fn = Arrays.copyOf(fn, n);
            }
            op[size] = o;
            a[size] = l;
            b[size] = r;
            k[size] = c;
            fn[size] = f;
            numbered.put(key, size);
            return size++;
        }

        private static double foldConstant(byte o, double l, double r, double c, Fn f) {
            return switch (o) {
                case NEG -> -l;
                case ADD -> l + r;
                case SUB -> l - r;
                case MUL -> l * r;
                case DIV -> l / r;
                case POW -> Fn.power(l, r);
                case POWK -> Fn.power(l, c);
                case CALL -> f.apply(l);
                default -> f.apply(l, r);
            };
        }
    }
}

package lcm.expr;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The functions of the annotation language, and nothing else: for each its name, its arity and
 * its value. Every evaluator of lcm ({@link Evaluator}, {@link CompiledExpr} interpreted or as
 * bytecode) computes a function through {@link #apply(double)} or the Java method named by
 * {@link #javaMethod()}, which is the same code, so a model has one value wherever it is computed.
 * See docs/annotations.md for the language.
 */
public enum Fn {
    LOG("log", 1, 1, "Math.log"),
    LOG2("log2", 1, 1, "lcm.expr.Fn.log2"),
    SQRT("sqrt", 1, 1, "Math.sqrt"),
    EXP("exp", 1, 1, "Math.exp"),
    MIN("min", 2, Integer.MAX_VALUE, "Math.min"),
    MAX("max", 2, Integer.MAX_VALUE, "Math.max"),
    CEIL("ceil", 1, 1, "Math.ceil"),
    FLOOR("floor", 1, 1, "Math.floor"),
    ABS("abs", 1, 1, "Math.abs"),
    /** The expected maximum of w independent standard normal values ({@link NormalMaximum}); 0 for w <= 1. */
    EMAX("emax", 1, 1, "lcm.expr.NormalMaximum.expected");

    private static final double LN2 = Math.log(2);

    private final String text;
    private final int minArgs;
    private final int maxArgs;
    private final String javaMethod;

    Fn(String text, int minArgs, int maxArgs, String javaMethod) {
        this.text = text;
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
        this.javaMethod = javaMethod;
    }

    public String text() {
        return text;
    }

    public int minArgs() {
        return minArgs;
    }

    public int maxArgs() {
        return maxArgs;
    }

    /** Whether the function folds over two or more arguments (min, max). */
    public boolean variadic() {
        return maxArgs > 1;
    }

    /** The static Java method that computes this function (a binary one for min and max). */
    public String javaMethod() {
        return javaMethod;
    }

    public String arity() {
        if (minArgs == maxArgs) {
            return minArgs + (minArgs == 1 ? " argument" : " arguments");
        }
        return maxArgs == Integer.MAX_VALUE ? "at least " + minArgs + " arguments" : minArgs + " to " + maxArgs + " arguments";
    }

    /** The value of a one-argument function at {@code x}. */
    public double apply(double x) {
        return switch (this) {
            case LOG -> Math.log(x);
            case LOG2 -> log2(x);
            case SQRT -> Math.sqrt(x);
            case EXP -> Math.exp(x);
            case CEIL -> Math.ceil(x);
            case FLOOR -> Math.floor(x);
            case ABS -> Math.abs(x);
            case EMAX -> NormalMaximum.expected(x);
            case MIN, MAX -> throw new IllegalArgumentException(text + " takes " + arity());
        };
    }

    /** The value of min or max at two arguments; n arguments fold from the left. */
    public double apply(double x, double y) {
        return switch (this) {
            case MIN -> Math.min(x, y);
            case MAX -> Math.max(x, y);
            default -> throw new IllegalArgumentException(text + " takes " + arity());
        };
    }

    /** The derivative of a one-argument function at {@code x} (0 for ceil and floor, sign for abs, 0 for emax at w <= 1). */
    public double slope(double x) {
        return switch (this) {
            case LOG -> 1 / x;
            case LOG2 -> 1 / (x * LN2);
            case SQRT -> 0.5 / Math.sqrt(x);
            case EXP -> Math.exp(x);
            case CEIL, FLOOR -> 0;
            case ABS -> Math.signum(x);
            case EMAX -> NormalMaximum.slope(x);
            case MIN, MAX -> throw new IllegalArgumentException(text + " takes " + arity());
        };
    }

    /** The base-2 logarithm as lcm computes it everywhere. */
    public static double log2(double x) {
        return Math.log(x) / LN2;
    }

    /**
     * {@code x^y} as lcm computes it everywhere: squares as a product and square roots as
     * {@code sqrt}, which are exact where {@code Math.pow} may be one unit in the last place off.
     */
    public static double power(double x, double y) {
        if (y == 2) {
            return x * x;
        }
        if (y == 1) {
            return x;
        }
        if (y == 0.5) {
            return Math.sqrt(x);
        }
        return Math.pow(x, y);
    }

    /** Looks a function up by name, case-insensitively. */
    public static Optional<Fn> byName(String name) {
        for (Fn f : values()) {
            if (f.text.equalsIgnoreCase(name)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** "log, log2, sqrt, ..." for messages that list the valid names. */
    public static String names() {
        return Arrays.stream(values()).map(Fn::text).collect(Collectors.joining(", "));
    }
}

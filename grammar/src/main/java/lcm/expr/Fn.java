package lcm.expr;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The functions the annotation language allows (DESIGN section 3). Nothing else. */
public enum Fn {
    LOG("log", 1, 1),
    LOG2("log2", 1, 1),
    SQRT("sqrt", 1, 1),
    EXP("exp", 1, 1),
    MIN("min", 2, Integer.MAX_VALUE),
    MAX("max", 2, Integer.MAX_VALUE),
    CEIL("ceil", 1, 1),
    FLOOR("floor", 1, 1),
    ABS("abs", 1, 1);

    private final String text;
    private final int minArgs;
    private final int maxArgs;

    Fn(String text, int minArgs, int maxArgs) {
        this.text = text;
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
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

    public String arity() {
        if (minArgs == maxArgs) {
            return minArgs + (minArgs == 1 ? " argument" : " arguments");
        }
        return maxArgs == Integer.MAX_VALUE ? "at least " + minArgs + " arguments" : minArgs + " to " + maxArgs + " arguments";
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

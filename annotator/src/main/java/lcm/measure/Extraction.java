package lcm.measure;

import lcm.expr.Numbers;
import lcm.expr.NumberText;
import lcm.source.Diagnostic;
import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * lca's extraction expression ({@code -x}): a conjunction of comparisons that selects the
 * measurements to fit, e.g. {@code p=32}, {@code d>=64}, {@code tag=cffts, n=1024},
 * {@code n>=64 && p<32}, {@code tag=cffts and p=4}. Operators: {@code = == != < <= > >=};
 * {@code tag} (or {@code t}) compares fragment names and takes {@code =}, {@code ==} or
 * {@code !=}; every other key compares numbers. A measurement without the key never matches.
 */
public record Extraction(String text, List<Condition> conditions) implements Predicate<Measurement> {

    public enum Op {
        EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String text;

        Op(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        boolean holds(int cmp) {
            return switch (this) {
                case EQ -> cmp == 0;
                case NE -> cmp != 0;
                case LT -> cmp < 0;
                case LE -> cmp <= 0;
                case GT -> cmp > 0;
                case GE -> cmp >= 0;
            };
        }
    }

    /** One comparison; {@code name} is set for tag comparisons, {@code number} otherwise. */
    public record Condition(String key, Op op, String name, double number) {

        public boolean isTag() {
            return Quantities.isTag(key);
        }

        boolean test(Measurement m) {
            if (isTag()) {
                return op.holds(m.tag().equals(name) ? 0 : 1);
            }
            OptionalDouble v = m.value(key);
            return v.isPresent() && op.holds(Double.compare(v.getAsDouble(), number));
        }

        @Override
        public String toString() {
            return key + op.text() + (isTag() ? name : NumberText.exact(BigDecimal.valueOf(number)));
        }
    }

    private static final Pattern CONDITION = Pattern.compile(
            "\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*(==|=|!=|<=|>=|<|>)\\s*(\\S+?)\\s*");
    private static final Pattern SEPARATOR = Pattern.compile(",|&&|(?i)(?<=\\s)and(?=\\s)");

    public Extraction {
        conditions = List.copyOf(conditions);
    }

    /** Selects everything. */
    public static Extraction all() {
        return new Extraction("", List.of());
    }

    /**
     * Parses an extraction expression; errors are located in the pseudo-file {@code origin}
     * (line 1), so that they print with the expression and a caret.
     */
    public static Extraction parse(String text, Path origin) {
        List<Condition> out = new ArrayList<>();
        List<Diagnostic> problems = new ArrayList<>();
        Matcher sep = SEPARATOR.matcher(text);
        int start = 0;
        while (true) {
            boolean more = sep.find();
            int end = more ? sep.start() : text.length();
            String piece = text.substring(start, end);
            condition(piece, start, origin, out, problems);
            if (!more) {
                break;
            }
            start = sep.end();
        }
        if (!problems.isEmpty()) {
            throw new UserError(problems);
        }
        return new Extraction(text.strip(), out);
    }

    private static void condition(String piece, int offset, Path origin, List<Condition> out, List<Diagnostic> problems) {
        int lead = 0;
        while (lead < piece.length() && Character.isWhitespace(piece.charAt(lead))) {
            lead++;
        }
        SourceLocation at = SourceLocation.of(origin, 1, offset + lead + 1);
        if (piece.isBlank()) {
            problems.add(Diagnostic.error(at, "empty condition (expected key=value, e.g. p=32)"));
            return;
        }
        Matcher m = CONDITION.matcher(piece);
        if (!m.matches()) {
            problems.add(Diagnostic.error(at, "bad condition '" + piece.strip()
                    + "' (expected key OP value with OP one of = == != < <= > >=, e.g. p=32)"));
            return;
        }
        String key = m.group(1);
        String opText = m.group(2);
        Op op = switch (opText) {
            case "=", "==" -> Op.EQ;
            case "!=" -> Op.NE;
            case "<" -> Op.LT;
            case "<=" -> Op.LE;
            case ">" -> Op.GT;
            default -> Op.GE;
        };
        String value = m.group(3);
        SourceLocation valueAt = SourceLocation.of(origin, 1, offset + m.start(3) + 1);
        if (Quantities.isTag(key)) {
            if (op != Op.EQ && op != Op.NE) {
                problems.add(Diagnostic.error(SourceLocation.of(origin, 1, offset + m.start(2) + 1),
                        "fragment tags compare with = or != only"));
                return;
            }
            out.add(new Condition(key, op, value, Double.NaN));
            return;
        }
        OptionalDouble v = Numbers.parse(value);
        if (v.isEmpty()) {
            problems.add(Diagnostic.error(valueAt, "bad value '" + value + "' for '" + key + "': " + Numbers.problem(value)));
            return;
        }
        out.add(new Condition(key, op, null, v.getAsDouble()));
    }

    @Override
    public boolean test(Measurement m) {
        for (Condition c : conditions) {
            if (!c.test(m)) {
                return false;
            }
        }
        return true;
    }

    public boolean isEmpty() {
        return conditions.isEmpty();
    }

    /** Whether a condition selects the fragment tag. */
    public boolean selectsTag() {
        return conditions.stream().anyMatch(c -> c.isTag() && c.op() == Op.EQ);
    }

    /** The keys the conditions mention (for checking them against the data). */
    public List<Condition> numericConditions() {
        return conditions.stream().filter(c -> !c.isTag()).toList();
    }

    /** {@code p=32, d>=64}, or "none". */
    public String describe() {
        return conditions.isEmpty() ? "none" : conditions.stream().map(Condition::toString).collect(Collectors.joining(", "));
    }
}

package lcm.values;

import lcm.expr.Processors;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.expr.NumberText;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values some variables take, as given with {@code --range n=64:1024,p=1:32}, with the text
 * it was written as. Each variable's {@link Range} is evenly spaced between its ends, or the
 * listed or geometric samples.
 */
public record Ranges(String text, Map<String, Range> byVariable) {

    /** At most this many values of one variable. */
    public static final int MAX_VALUES = 10_000_000;

    public Ranges {
        byVariable = Collections.unmodifiableMap(new LinkedHashMap<>(byVariable));
    }

    /**
     * One variable's range: evenly spaced between {@code from} and {@code to} when
     * {@code samples} is null, else exactly the samples.
     */
    public record Range(double from, double to, double[] samples) {
    }

    /**
     * {@code n=64:1024,p=1:32}; the ends may be constant expressions (2^10). Also a list
     * ({@code p=1,2,4,8}), a geometric range ({@code n=64:4096:*2}) and, for p, powers of two
     * when both ends are written as powers of two ({@code p=2^0:2^5}).
     */
    public static Ranges parse(String text) {
        return parse(text, "--range");
    }

    /** As {@link #parse(String)}, for an option of another name ({@code lcm plan --vars}): messages name it. */
    public static Ranges parse(String text, String option) {
        Map<String, Range> out = new LinkedHashMap<>();
        for (String item : joinLists(splitTopLevel(text))) {
            String s = item.strip();
            int eq = s.indexOf('=');
            String name = eq <= 0 ? "" : s.substring(0, eq).strip();
            String body = eq <= 0 ? "" : s.substring(eq + 1);
            Range spec;
            if (eq > 0 && body.contains(",")) {
                spec = list(option, text, name, body);
            } else {
                spec = span(option, text, s, eq, name, body);
            }
            if (!name.matches("[A-Za-z_][A-Za-z_0-9]*")) {
                throw UserError.of(option + " " + text + ": '" + name + "' is not a variable name");
            }
            if (out.put(name, spec) != null) {
                throw UserError.of(option + " " + text + ": " + name + " is given twice");
            }
            if (name.equals(Processors.NAME) && spec.from() <= 0) {
                throw UserError.of(option + " " + text + ": " + (spec.to() >= 0 ? "the range includes p = 0" : "p must be above 0")
                        + " (p counts processors: start at 1)");
            }
        }
        if (out.isEmpty()) {
            throw UserError.of(option + " " + text + ": expected VARIABLE=FROM:TO, e.g. n=64:1024");
        }
        return new Ranges(text, out);
    }

    /** {@code FROM:TO}, or {@code FROM:TO:*K}. */
    private static Range span(String option, String text, String s, int eq, String name, String body) {
        String[] parts = body.split(":", -1);
        if (eq <= 0 || parts.length < 2 || parts.length > 3) {
            throw UserError.of(option + " " + text + ": expected VARIABLE=FROM:TO, e.g. n=64:1024, not '" + s + "'");
        }
        double from = number(option, text, parts[0].strip());
        double to = number(option, text, parts[1].strip());
        if (from > to) {
            throw UserError.of(option + " " + text + ": the range of " + name + " is empty (" + NumberText.plain(from)
                    + " > " + NumberText.plain(to) + ")");
        }
        if (from == to) {
            throw UserError.of(option + " " + text + ": the range of " + name + " is empty (from " + NumberText.plain(from)
                    + " to " + NumberText.plain(to) + "): use --fix " + name + "=" + NumberText.plain(from) + " for one value");
        }
        double factor = Double.NaN;
        if (parts.length == 3) {
            String step = parts[2].strip();
            if (!step.startsWith("*")) {
                throw UserError.of(option + " " + text + ": the step of " + name + " must be a factor like *2 (a geometric "
                        + "range), not '" + step + "'");
            }
            factor = number(option, text, step.substring(1).strip());
            if (!(factor > 1)) {
                throw UserError.of(option + " " + text + ": the factor of " + name + " must be above 1, not "
                        + NumberText.plain(factor));
            }
        } else if (name.equals(Processors.NAME) && powerOfTwo(parts[0]) && powerOfTwo(parts[1])) {
            factor = 2;
        }
        if (Double.isNaN(factor)) {
            return new Range(from, to, null);
        }
        if (!(from > 0)) {
            throw UserError.of(option + " " + text + ": a geometric range of " + name + " must start above 0");
        }
        List<Double> values = new ArrayList<>();
        for (double v = from; v <= to * (1 + 1e-12); v *= factor) {
            values.add(Math.abs(v - Math.rint(v)) <= 1e-9 * v ? Math.rint(v) : v);
            if (values.size() > MAX_VALUES) {
                throw UserError.of(option + " " + text + ": too many values of " + name);
            }
        }
        if (values.get(values.size() - 1) < to) {
            values.add(to); // the end is always a sample, as in an evenly spaced range
        }
        return new Range(from, to, values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** {@code A,B,C}: at least two values, increasing. */
    private static Range list(String option, String text, String name, String body) {
        List<String> items = splitTopLevel(body);
        double[] values = new double[items.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = number(option, text, items.get(i).strip());
            if (i > 0 && !(values[i] > values[i - 1])) {
                throw UserError.of(option + " " + text + ": the values of " + name + " must increase ("
                        + NumberText.plain(values[i - 1]) + " then " + NumberText.plain(values[i]) + ")");
            }
        }
        if (values.length < 2) {
            throw UserError.of(option + " " + text + ": a list of " + name + " needs two or more values (use --fix for one)");
        }
        return new Range(values[0], values[values.length - 1], values);
    }

    /** Written as {@code 2^K}. */
    public static boolean powerOfTwo(String text) {
        return text.strip().matches("2\\s*\\^\\s*\\(?\\s*\\d+\\s*\\)?");
    }

    /** Items without {@code =} continue the list of the item before ({@code p=1,2,4,n=64:128}). */
    private static List<String> joinLists(List<String> items) {
        List<String> out = new ArrayList<>();
        for (String item : items) {
            if (!item.contains("=") && !out.isEmpty()) {
                out.set(out.size() - 1, out.get(out.size() - 1) + "," + item);
            } else {
                out.add(item);
            }
        }
        return out;
    }

    private static double number(String option, String range, String text) {
        Parsed<Expr> e = AnnotationReader.expression(text, TextOrigin.synthetic(option));
        if (!e.isOk() || !e.value().get().variables().isEmpty()) {
            throw UserError.of(option + " " + range + ": bad number '" + text + "' (expected a number or a constant "
                    + "expression like 2^10)");
        }
        double v = Evaluator.eval(e.value().get(), Map.of());
        if (!Double.isFinite(v)) {
            throw UserError.of(option + " " + range + ": '" + text + "' is not a finite number");
        }
        return v;
    }

    private static List<String> splitTopLevel(String text) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(text.substring(start, i));
                start = i + 1;
            }
        }
        out.add(text.substring(start));
        out.removeIf(String::isBlank);
        return out;
    }
}

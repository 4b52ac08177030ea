package lcm.compare;

import lcm.expr.NumberText;
import lcm.expr.Evaluator;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.expr.Expr;
import lcm.report.Point;
import lcm.source.UserError;

import java.util.Optional;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides where to compare (docs/compare.md, "The range"). Each variable gets its value from,
 * in order: {@code --range}; {@code --fix}; without any {@code --range}, the default ranges
 * n = 64:1024 and p = 1:32; a default the sources give (a Fortran parameter). After fixing,
 * every model must have exactly the ranging variables.
 */
public final class DomainResolver {

    /** Default ranges when the user gives no {@code --range}. */
    public static final Map<String, double[]> DEFAULT_RANGES = Map.of("n", new double[] {64, 1024}, "p", new double[] {1, 32});
    /** Grid points per axis when the user gives none. */
    public static final int POINTS_ONE_AXIS = 1001;
    public static final int POINTS_TWO_AXES = 201;
    /** At most this many grid points in all. */
    public static final long MAX_GRID = 10_000_000L;

    private DomainResolver() {
    }

    /**
     * @param range  the {@code --range} text, or null
     * @param fix    the {@code --fix} text, or null
     * @param points points per axis, or 0 for the default
     */
    public static Domain resolve(List<Alternative> models, String range, String fix, int points) {
        Set<String> all = new LinkedHashSet<>();
        models.forEach(m -> all.addAll(m.variables()));
        List<String> known = Alternative.ordered(all);
        Map<String, Spec> ranges = range == null ? new LinkedHashMap<>() : parseRanges(range);
        Map<String, Double> fixed = new LinkedHashMap<>(fix == null ? Map.of() : Point.parse(fix, "--fix").values());
        Map<String, String> origins = new LinkedHashMap<>();
        fixed.keySet().forEach(k -> origins.put(k, "--fix"));
        for (String v : ranges.keySet()) {
            if (!known.contains(v)) {
                throw UserError.of("--range " + range + ": unknown variable '" + v + "' (the models' variables: "
                        + String.join(", ", known) + ")");
            }
        }
        for (String v : fixed.keySet()) {
            if (!known.contains(v)) {
                throw UserError.of("--fix " + fix + ": unknown variable '" + v + "' (the models' variables: "
                        + String.join(", ", known) + ")");
            }
            if (ranges.containsKey(v)) {
                throw UserError.of("'" + v + "' is in both --range and --fix: give it one or the other");
            }
        }
        Double fixedP = fixed.get("p");
        if (fixedP != null && !(fixedP > 0)) {
            throw UserError.of("--fix " + fix + ": p must be above 0 (p counts processors)");
        }
        if (range == null) {
            for (String v : List.of("n", "p")) {
                if (known.contains(v) && !fixed.containsKey(v)) {
                    double[] r = DEFAULT_RANGES.get(v);
                    ranges.put(v, new Spec(r[0], r[1], null));
                }
            }
        }
        for (String v : known) {
            if (!ranges.containsKey(v) && !fixed.containsKey(v)) {
                defaultValue(models, v).ifPresent(d -> {
                    fixed.put(v, d.value());
                    origins.put(v, "default in " + d.model());
                });
            }
        }
        for (String v : known) {
            if (!ranges.containsKey(v) && !fixed.containsKey(v)) {
                Optional<Alternative> owner = models.stream().filter(m -> m.variables().contains(v)).findFirst();
                String message = "no value for '" + v + "' (a variable of " + owner.map(Alternative::name).orElse("?")
                        + "): give --fix " + v + "=V or --range " + v + "=FROM:TO";
                Optional<lcm.source.SourceLocation> used = owner.flatMap(m -> firstUse(m, v));
                throw used.isPresent() ? UserError.at(used.get(), message) : UserError.of(message);
            }
        }
        checkVariableSets(models, ranges.keySet(), fixed.keySet());
        if (ranges.isEmpty()) {
            throw UserError.of("nothing ranges: give --range (e.g. --range p=1:32)");
        }
        if (ranges.size() > 2) {
            throw UserError.of("--range " + range + ": at most two variables can range (fix the others with --fix)");
        }
        int per = points > 0 ? points : ranges.size() == 1 ? POINTS_ONE_AXIS : POINTS_TWO_AXES;
        if (per < 2) {
            throw UserError.of("--points " + points + ": need at least 2 points per axis");
        }
        List<Axis> axes = new ArrayList<>();
        String shown = range == null ? "p=1:32" : range;
        ranges.forEach((v, r) -> axes.add(v.equals("p") ? Axis.of(v, integers(shown, r), true)
                : r.samples() != null ? Axis.of(v, r.samples(), false) : new Axis(v, r.from(), r.to(), per)));
        long total = 1;
        for (Axis a : axes) {
            total *= a.points();
        }
        if (total > MAX_GRID) {
            throw UserError.of("--points " + points + ": " + total + " grid points is too many (at most " + MAX_GRID + ")");
        }
        Map<String, Double> orderedFixed = new LinkedHashMap<>();
        Map<String, String> orderedOrigins = new LinkedHashMap<>();
        for (String v : known) {
            if (fixed.containsKey(v)) {
                orderedFixed.put(v, fixed.get(v));
                orderedOrigins.put(v, origins.get(v));
            }
        }
        return new Domain(axes, orderedFixed, orderedOrigins);
    }

    private record Default(double value, String model) {
    }

    private static Optional<Default> defaultValue(List<Alternative> models, String v) {
        Default found = null;
        for (Alternative m : models) {
            Double d = m.defaults().get(v);
            if (d == null) {
                continue;
            }
            if (found != null && found.value() != d) {
                throw UserError.of("'" + v + "' has different defaults in " + found.model() + " (" + NumberText.plain(found.value())
                        + ") and " + m.name() + " (" + NumberText.plain(d) + "): give --fix " + v + "=V or --range " + v
                        + "=FROM:TO");
            }
            if (found == null) {
                found = new Default(d, m.name());
            }
        }
        return Optional.ofNullable(found);
    }

    /** After fixing, each model must depend on exactly the ranging variables. */
    private static void checkVariableSets(List<Alternative> models, Set<String> ranging, Set<String> fixed) {
        List<String> problems = new ArrayList<>();
        Set<String> missingVars = new LinkedHashSet<>();
        for (String v : ranging) {
            for (Alternative m : models) {
                if (!m.variables().contains(v)) {
                    List<String> own = m.variables().stream().filter(x -> !fixed.contains(x)).toList();
                    problems.add(v + " is missing from " + m.name() + " (whose variables are "
                            + (own.isEmpty() ? "none" : String.join(", ", own)) + ")");
                    missingVars.add(v);
                }
            }
        }
        if (!problems.isEmpty()) {
            String fixes = String.join(",", missingVars.stream().map(v -> v + "=V").toList());
            throw UserError.of("the models have different variables: " + String.join("; ", problems) + "; give --fix "
                    + fixes + " to compare them at one value");
        }
    }

    /**
     * One variable's range: evenly spaced between {@code from} and {@code to} when
     * {@code samples} is null, else exactly the samples.
     */
    record Spec(double from, double to, double[] samples) {
    }

    /** p's samples: the integers from..to, or the given samples, which must be integers. */
    private static double[] integers(String text, Spec s) {
        if (s.samples() != null) {
            for (double v : s.samples()) {
                if (v != Math.rint(v)) {
                    throw UserError.of("--range " + text + ": p takes integer values (processors), not "
                            + NumberText.plain(v));
                }
            }
            return s.samples();
        }
        if (s.from() != Math.rint(s.from()) || s.to() != Math.rint(s.to())) {
            throw UserError.of("--range " + text + ": p takes integer values (processors): give integer ends, not "
                    + NumberText.plain(s.from()) + ":" + NumberText.plain(s.to()));
        }
        if (s.to() - s.from() + 1 > MAX_GRID) {
            throw UserError.of("--range " + text + ": " + NumberText.plain(s.to() - s.from() + 1)
                    + " values of p is too many (at most " + MAX_GRID + ")");
        }
        double[] out = new double[(int) (s.to() - s.from()) + 1];
        for (int i = 0; i < out.length; i++) {
            out[i] = s.from() + i;
        }
        return out;
    }

    /**
     * {@code n=64:1024,p=1:32}; the ends may be constant expressions (2^10). Also a list
     * ({@code p=1,2,4,8}), a geometric range ({@code n=64:4096:*2}) and, for p, powers of two
     * when both ends are written as powers of two ({@code p=2^0:2^5}).
     */
    static Map<String, Spec> parseRanges(String text) {
        Map<String, Spec> out = new LinkedHashMap<>();
        for (String item : joinLists(splitTopLevel(text))) {
            String s = item.strip();
            int eq = s.indexOf('=');
            String name = eq <= 0 ? "" : s.substring(0, eq).strip();
            String body = eq <= 0 ? "" : s.substring(eq + 1);
            Spec spec;
            if (eq > 0 && body.contains(",")) {
                spec = list(text, name, body);
            } else {
                spec = span(text, s, eq, name, body);
            }
            if (!name.matches("[A-Za-z_][A-Za-z_0-9]*")) {
                throw UserError.of("--range " + text + ": '" + name + "' is not a variable name");
            }
            if (out.put(name, spec) != null) {
                throw UserError.of("--range " + text + ": " + name + " is given twice");
            }
            if (name.equals("p") && spec.from() <= 0) {
                throw UserError.of("--range " + text + ": " + (spec.to() >= 0 ? "the range includes p = 0" : "p must be above 0")
                        + " (p counts processors: start at 1)");
            }
        }
        if (out.isEmpty()) {
            throw UserError.of("--range " + text + ": expected VARIABLE=FROM:TO, e.g. n=64:1024");
        }
        return out;
    }

    /** {@code FROM:TO}, or {@code FROM:TO:*K}. */
    private static Spec span(String text, String s, int eq, String name, String body) {
        String[] parts = body.split(":", -1);
        if (eq <= 0 || parts.length < 2 || parts.length > 3) {
            throw UserError.of("--range " + text + ": expected VARIABLE=FROM:TO, e.g. n=64:1024, not '" + s + "'");
        }
        double from = number(text, parts[0].strip());
        double to = number(text, parts[1].strip());
        if (from > to) {
            throw UserError.of("--range " + text + ": the range of " + name + " is empty (" + NumberText.plain(from)
                    + " > " + NumberText.plain(to) + ")");
        }
        if (from == to) {
            throw UserError.of("--range " + text + ": the range of " + name + " is empty (from " + NumberText.plain(from)
                    + " to " + NumberText.plain(to) + "): use --fix " + name + "=" + NumberText.plain(from) + " for one value");
        }
        double factor = Double.NaN;
        if (parts.length == 3) {
            String step = parts[2].strip();
            if (!step.startsWith("*")) {
                throw UserError.of("--range " + text + ": the step of " + name + " must be a factor like *2 (a geometric "
                        + "range), not '" + step + "'");
            }
            factor = number(text, step.substring(1).strip());
            if (!(factor > 1)) {
                throw UserError.of("--range " + text + ": the factor of " + name + " must be above 1, not "
                        + NumberText.plain(factor));
            }
        } else if (name.equals("p") && powerOfTwo(parts[0]) && powerOfTwo(parts[1])) {
            factor = 2;
        }
        if (Double.isNaN(factor)) {
            return new Spec(from, to, null);
        }
        if (!(from > 0)) {
            throw UserError.of("--range " + text + ": a geometric range of " + name + " must start above 0");
        }
        List<Double> values = new ArrayList<>();
        for (double v = from; v <= to * (1 + 1e-12); v *= factor) {
            values.add(Math.abs(v - Math.rint(v)) <= 1e-9 * v ? Math.rint(v) : v);
            if (values.size() > MAX_GRID) {
                throw UserError.of("--range " + text + ": too many values of " + name);
            }
        }
        if (values.get(values.size() - 1) < to) {
            values.add(to); // the end is always a sample, as in an evenly spaced range
        }
        return new Spec(from, to, values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** {@code A,B,C}: at least two values, increasing. */
    private static Spec list(String text, String name, String body) {
        List<String> items = splitTopLevel(body);
        double[] values = new double[items.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = number(text, items.get(i).strip());
            if (i > 0 && !(values[i] > values[i - 1])) {
                throw UserError.of("--range " + text + ": the values of " + name + " must increase ("
                        + NumberText.plain(values[i - 1]) + " then " + NumberText.plain(values[i]) + ")");
            }
        }
        if (values.length < 2) {
            throw UserError.of("--range " + text + ": a list of " + name + " needs two or more values (use --fix for one)");
        }
        return new Spec(values[0], values[values.length - 1], values);
    }

    /** Written as {@code 2^K}. */
    private static boolean powerOfTwo(String text) {
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

    private static double number(String range, String text) {
        Parsed<Expr> e = AnnotationReader.expression(text, TextOrigin.synthetic("--range"));
        if (!e.isOk() || !e.value().get().variables().isEmpty()) {
            throw UserError.of("--range " + range + ": bad number '" + text + "' (expected a number or a constant "
                    + "expression like 2^10)");
        }
        double v = Evaluator.eval(e.value().get(), Map.of());
        if (!Double.isFinite(v)) {
            throw UserError.of("--range " + range + ": '" + text + "' is not a finite number");
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

    /**
     * Where a model file first uses variable {@code v} (outside # comments), so that a name
     * with no value (a typo, a word) is shown on its line; empty for programs and unreadable files.
     */
    private static Optional<lcm.source.SourceLocation> firstUse(Alternative m, String v) {
        if (m.kind() != Alternative.Kind.MODEL_FILE) {
            return Optional.empty();
        }
        java.nio.file.Path file;
        List<String> lines;
        try {
            file = java.nio.file.Path.of(m.file());
            // as the reader took it: bad UTF-8 replaced, lines end at LF, CRLF or a lone CR
            lines = List.of(new String(java.nio.file.Files.readAllBytes(file), java.nio.charset.StandardCharsets.UTF_8)
                    .split("\r\n|\r|\n", -1));
        } catch (java.io.IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
        java.util.regex.Pattern word = java.util.regex.Pattern.compile("(?<![A-Za-z0-9_])"
                + java.util.regex.Pattern.quote(v) + "(?![A-Za-z0-9_])");
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            java.util.regex.Matcher found = word.matcher(hash < 0 ? line : line.substring(0, hash));
            if (found.find()) {
                return Optional.of(new lcm.source.SourceLocation(file, i + 1, found.start() + 1));
            }
        }
        return Optional.empty();
    }
}

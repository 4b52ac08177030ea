package lcm.compare;

import lcm.expr.Processors;
import lcm.expr.NumberText;
import lcm.values.Point;
import lcm.values.Ranges;
import lcm.values.Ranges.Range;
import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.nio.file.Path;
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
    public static final Map<String, double[]> DEFAULT_RANGES = Map.of("n", new double[] {64, 1024}, Processors.NAME, new double[] {1, 32});
    /** Grid points per axis when the user gives none. */
    public static final int POINTS_ONE_AXIS = 1001;
    public static final int POINTS_TWO_AXES = 201;
    /** At most this many grid points in all. */
    public static final long MAX_GRID = Ranges.MAX_VALUES;

    private DomainResolver() {
    }

    /**
     * @param ranges the {@code --range} values, or null
     * @param fixes  the {@code --fix} values, or null
     * @param points points per axis, or 0 for the default
     */
    public static Domain resolve(List<Alternative> models, Ranges ranges, Point fixes, int points) {
        String range = ranges == null ? null : ranges.text();
        String fix = fixes == null ? null : fixes.text();
        Set<String> all = new LinkedHashSet<>();
        models.forEach(m -> all.addAll(m.variables()));
        List<String> known = Alternative.ordered(all);
        Map<String, Range> byVariable = new LinkedHashMap<>(ranges == null ? Map.of() : ranges.byVariable());
        Map<String, Double> fixed = new LinkedHashMap<>(fixes == null ? Map.of() : fixes.values());
        Map<String, String> origins = new LinkedHashMap<>();
        fixed.keySet().forEach(k -> origins.put(k, "--fix"));
        for (String v : byVariable.keySet()) {
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
            if (byVariable.containsKey(v)) {
                throw UserError.of("'" + v + "' is in both --range and --fix: give it one or the other");
            }
        }
        Double fixedP = fixed.get(Processors.NAME);
        if (fixedP != null && !(fixedP > 0)) {
            throw UserError.of("--fix " + fix + ": p must be above 0 (p counts processors)");
        }
        if (range == null) {
            for (String v : List.of("n", Processors.NAME)) {
                if (known.contains(v) && !fixed.containsKey(v)) {
                    double[] r = DEFAULT_RANGES.get(v);
                    byVariable.put(v, new Range(r[0], r[1], null));
                }
            }
        }
        for (String v : known) {
            if (!byVariable.containsKey(v) && !fixed.containsKey(v)) {
                defaultValue(models, v).ifPresent(d -> {
                    fixed.put(v, d.value());
                    origins.put(v, "default in " + d.model());
                });
            }
        }
        for (String v : known) {
            if (!byVariable.containsKey(v) && !fixed.containsKey(v)) {
                Optional<Alternative> owner = models.stream().filter(m -> m.variables().contains(v)).findFirst();
                String message = "no value for '" + v + "' (a variable of " + owner.map(Alternative::name).orElse("?")
                        + "): give --fix " + v + "=V or --range " + v + "=FROM:TO";
                Optional<SourceLocation> used = owner.filter(m -> m.kind() == Alternative.Kind.MODEL_FILE)
                        .flatMap(m -> ModelFileReader.firstUse(Path.of(m.file()), v));
                throw used.isPresent() ? UserError.at(used.get(), message) : UserError.of(message);
            }
        }
        checkVariableSets(models, byVariable.keySet(), fixed.keySet());
        if (byVariable.isEmpty()) {
            throw UserError.of("nothing ranges: give --range (e.g. --range p=1:32)");
        }
        if (byVariable.size() > 2) {
            throw UserError.of("--range " + range + ": at most two variables can range (fix the others with --fix)");
        }
        int per = points > 0 ? points : byVariable.size() == 1 ? POINTS_ONE_AXIS : POINTS_TWO_AXES;
        if (per < 2) {
            throw UserError.of("--points " + points + ": need at least 2 points per axis");
        }
        List<Axis> axes = new ArrayList<>();
        String shown = range == null ? "p=1:32" : range;
        byVariable.forEach((v, r) -> axes.add(v.equals(Processors.NAME) ? Axis.of(v, integers(shown, r), true)
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

    /** p's samples: the integers from..to, or the given samples, which must be integers. */
    private static double[] integers(String text, Range s) {
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
}

package lcm.fit;

import lcm.expr.NumberText;
import lcm.annotation.Category;
import lcm.measure.Extraction;
import lcm.measure.Measurement;
import lcm.measure.MeasurementSet;
import lcm.source.Diagnostic;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What {@code lcm fit} fits, resolved from the command line's words against the data: the
 * extraction ({@code -x}), the quantity and category ({@code -c}), the variables ({@code -v}),
 * and warnings about variables that vary among the fitted measurements but are not fitted.
 * Every mistake is a located error in the argument it stems from ({@code <-c>:1:1}).
 *
 * @param chosen   the measurements that match the extraction
 * @param quantity the measured key to fit
 * @param category the category whose forms apply (pc for quantities that are not categories)
 * @param shown    the category as the user named it, for output
 */
public record FitSelection(MeasurementSet chosen, Extraction extraction, String quantity, Category category, String shown,
                           List<String> variables, List<Diagnostic> warnings) {

    public static final Path CATEGORY_ARG = Path.of("<-c>");
    public static final Path VARIABLE_ARG = Path.of("<-v>");
    public static final Path EXTRACT_ARG = Path.of("<-x>");

    /** Resolves {@code -x}, {@code -c} and {@code -v} (the extraction may be null). */
    public static FitSelection resolve(MeasurementSet data, String extract, String category, String variables,
                                       SourceRegistry sources) {
        Extraction extraction = extraction(data, extract, sources);
        MeasurementSet chosen = data.filter(extraction);
        if (chosen.isEmpty()) {
            throw UserError.at(SourceLocation.of(EXTRACT_ARG, 1, 1), "no measurements match '" + extract + "'"
                    + values(data, extraction));
        }
        List<String> tags = chosen.tags();
        if (tags.size() > 1) {
            throw UserError.of(data.file() + ": the data hold " + tags.size() + " fragments (" + String.join(", ", tags)
                    + "); choose one with -x tag=NAME");
        }
        Category cat = Category.byKey(category).orElse(null);
        String quantity = quantity(chosen, cat, category, sources);
        List<String> vars = variables(chosen, quantity, variables, sources);
        String shown = Category.byKey(category).map(Category::key).orElse(quantity);
        return new FitSelection(chosen, extraction, quantity, cat == null ? Category.PC : cat, shown, vars,
                otherVariables(chosen, quantity, vars));
    }

    /** The measurements matching {@code -x} (the batch mode's only selection). */
    public static MeasurementSet resolveExtraction(MeasurementSet data, String extract, SourceRegistry sources) {
        Extraction x = extraction(data, extract, sources);
        MeasurementSet chosen = data.filter(x);
        if (chosen.isEmpty()) {
            throw UserError.at(SourceLocation.of(EXTRACT_ARG, 1, 1), "no measurements match '" + extract + "'" + values(data, x));
        }
        return chosen;
    }

    /** The request for these measurements. */
    public FitRequest request(List<CandidateForm> formulas, boolean search) {
        return new FitRequest(chosen.measurements(), quantity, category, variables, formulas, search, true);
    }

    private static Extraction extraction(MeasurementSet data, String extract, SourceRegistry sources) {
        if (extract == null || extract.isBlank()) {
            return Extraction.all();
        }
        sources.register(SourceText.of(EXTRACT_ARG, extract));
        Extraction x = Extraction.parse(extract, EXTRACT_ARG);
        List<String> keys = data.keys();
        List<Diagnostic> problems = new ArrayList<>();
        for (Extraction.Condition c : x.numericConditions()) {
            if (!keys.contains(c.key())) {
                int col = extract.indexOf(c.key());
                problems.add(Diagnostic.error(SourceLocation.of(EXTRACT_ARG, 1, Math.max(1, col + 1)),
                        "unknown key '" + c.key() + "' (keys in the data: " + String.join(", ", keys) + ")"));
            }
        }
        if (!problems.isEmpty()) {
            throw new UserError(problems);
        }
        return x;
    }

    /** For an empty extraction: the values the mentioned keys do take. */
    private static String values(MeasurementSet data, Extraction x) {
        StringBuilder out = new StringBuilder();
        for (Extraction.Condition c : x.conditions()) {
            if (c.isTag()) {
                out.append(out.length() == 0 ? " (" : "; ").append("tags: ").append(String.join(", ", data.tags()));
            } else {
                out.append(out.length() == 0 ? " (" : "; ").append(c.key()).append(" takes ")
                        .append(data.distinct(c.key()).stream().map(v -> NumberText.digits(v, 6)).collect(Collectors.joining(", ")));
            }
        }
        return out.length() == 0 ? "" : out.append(')').toString();
    }

    /** The key to fit: the category's own (pc falls back to rt and back), or any measured quantity. */
    private static String quantity(MeasurementSet data, Category cat, String category, SourceRegistry sources) {
        sources.register(SourceText.of(CATEGORY_ARG, category));
        Set<String> keys = new TreeSet<>(data.keys());
        if (keys.contains(category) && (cat != null || data.quantities().contains(category))) {
            return category;
        }
        if (cat == Category.PC) {
            for (String k : List.of("pc", "rt")) {
                if (keys.contains(k)) {
                    return k;
                }
            }
        }
        String present = String.join(", ", data.quantitiesPresent());
        if (cat != null) {
            throw UserError.at(SourceLocation.of(CATEGORY_ARG, 1, 1), "no '" + category + "' measurements in " + data.file()
                    + " (quantities in the data: " + (present.isEmpty() ? "none" : present) + ")");
        }
        throw UserError.at(SourceLocation.of(CATEGORY_ARG, 1, 1), "unknown category '" + category + "' (categories: "
                + Category.keys() + (present.isEmpty() ? "" : "; quantities in the data: " + present) + ")");
    }

    private static List<String> variables(MeasurementSet data, String quantity, String variables, SourceRegistry sources) {
        sources.register(SourceText.of(VARIABLE_ARG, variables));
        List<String> present = data.variables().stream().filter(v -> !v.equals(quantity)).toList();
        List<String> out = new ArrayList<>();
        List<Diagnostic> problems = new ArrayList<>();
        Matcher m = Pattern.compile("[^\\s,]+").matcher(variables);
        while (m.find()) {
            String v = m.group();
            SourceLocation at = SourceLocation.of(VARIABLE_ARG, 1, m.start() + 1);
            if (!present.contains(v)) {
                problems.add(Diagnostic.error(at, "unknown variable '" + v + "' (variables in the data: "
                        + (present.isEmpty() ? "none" : String.join(", ", present)) + ")"));
            } else if (out.contains(v)) {
                problems.add(Diagnostic.error(at, "variable '" + v + "' given twice"));
            } else {
                out.add(v);
            }
        }
        if (out.isEmpty() && problems.isEmpty()) {
            problems.add(Diagnostic.error(SourceLocation.of(VARIABLE_ARG, 1, 1), "no variable given (variables in the data: "
                    + String.join(", ", present) + ")"));
        }
        if (!problems.isEmpty()) {
            throw new UserError(problems);
        }
        return out;
    }

    /** lca fits whatever it extracted; say so when other variables vary among those measurements. */
    private static List<Diagnostic> otherVariables(MeasurementSet data, String quantity, List<String> vars) {
        List<Measurement> used = data.measurements().stream()
                .filter(m -> m.has(quantity) && vars.stream().allMatch(m::has)).toList();
        MeasurementSet subset = new MeasurementSet(data.file(), data.format(), used, data.quantities());
        List<Diagnostic> warnings = new ArrayList<>();
        for (String other : subset.variables()) {
            if (vars.contains(other) || other.equals(quantity)) {
                continue;
            }
            Set<Double> values = subset.distinct(other);
            if (values.size() > 1) {
                warnings.add(Diagnostic.warning("the measurements also vary " + other + " ("
                        + values.stream().map(v -> NumberText.digits(v, 6)).collect(Collectors.joining(", "))
                        + "); the fit mixes them: restrict with -x " + other + "=VALUE or fit -v \"" + String.join(" ", vars)
                        + " " + other + "\""));
            }
        }
        return warnings;
    }
}

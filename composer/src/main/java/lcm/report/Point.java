package lcm.report;

import lcm.expr.Evaluator;
import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.source.Diagnostic;
import lcm.source.UserError;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A point of the variables, as given with {@code --at n=1024,p=26} (values may be expressions: n=2^10). */
public record Point(Map<String, Double> values) {

    public Point {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static Point parse(String text, String option) {
        Parsed<List<Annotation.Binding>> b = AnnotationReader.bindings(text, TextOrigin.synthetic(option));
        if (!b.isOk()) {
            throw UserError.of(option + " " + text + ": " + b.problems().get(0).message());
        }
        Map<String, Double> values = new LinkedHashMap<>();
        for (Annotation.Binding x : b.value().get()) {
            if (!x.value().variables().isEmpty()) {
                throw UserError.of(option + ": the value of " + x.name() + " must be a number, not '" + x.value().text() + "'");
            }
            double v = Evaluator.eval(x.value(), Map.of());
            if (!Double.isFinite(v)) {
                throw UserError.of(option + " " + x.name() + "=" + x.value().text() + ": not a finite number");
            }
            if (x.name().equals("p") && v < 1) {
                throw UserError.of(option + " p=" + x.value().text() + ": p is the number of processors, at least 1");
            }
            if (v <= 0) {
                throw UserError.of(option + " " + x.name() + "=" + x.value().text() + ": must be positive (lcm's "
                        + "variables are sizes, counts and processors)");
            }
            if (values.put(x.name(), v) != null) {
                throw UserError.of(option + ": " + x.name() + " is given twice");
            }
        }
        return new Point(values);
    }

    /**
     * The values for {@code variables}: every one must be given (or have a default), and every
     * given one must be a variable of the model.
     */
    public Map<String, Double> completeFor(List<String> variables, Map<String, Double> defaults, String option) {
        for (String v : values.keySet()) {
            if (!variables.contains(v)) {
                throw new UserError(Diagnostic.error(option + ": unknown variable '" + v + "' (the model's variables: "
                        + String.join(", ", variables) + ")"));
            }
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (String v : variables) {
            Double x = values.containsKey(v) ? values.get(v) : defaults.get(v);
            if (x == null) {
                throw new UserError(Diagnostic.error(option + ": no value for '" + v + "' (the model's variables: "
                        + String.join(", ", variables) + ")"));
            }
            out.put(v, x);
        }
        return out;
    }
}

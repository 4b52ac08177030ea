package lcm.report;

import lcm.expr.Evaluator;
import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.source.Diagnostic;
import lcm.source.UserError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A point of the variables, as given with {@code --at n=1024,p=26} (values may be expressions: n=2^10). */
public record Point(Map<String, Double> values) {

    public Point {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
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
            if (values.put(x.name(), Evaluator.eval(x.value(), Map.of())) != null) {
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

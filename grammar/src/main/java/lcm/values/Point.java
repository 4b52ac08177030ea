package lcm.values;

import lcm.expr.Processors;
import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.expr.Evaluator;
import lcm.source.Diagnostic;
import lcm.source.UserError;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A point of the variables, as given with {@code --at n=1024,p=26} (values may be constant
 * expressions: n=2^10), with the text it was written as.
 */
public record Point(String text, Map<String, Double> values) {

    public Point {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * Parses {@code name=value,...}: every value a finite positive constant, p at least 1, no
     * name twice. Errors name {@code option} and the text.
     */
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
            if (x.name().equals(Processors.NAME) && v < 1) {
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
        return new Point(text, values);
    }

    /** The points of a repeated option as one ({@code --fix a=1 --fix b=2}); a name given twice is an error. */
    public static Point merge(List<Point> points, String option) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (Point p : points) {
            p.values.forEach((k, v) -> {
                if (values.put(k, v) != null) {
                    throw UserError.of(option + ": " + k + " is given twice");
                }
            });
        }
        return new Point(String.join(",", points.stream().map(Point::text).toList()), values);
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

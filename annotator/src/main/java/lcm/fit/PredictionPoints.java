package lcm.fit;

import lcm.expr.NumberText;
import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code lcm fit --at n=4096,p=64}: a point per option, a value for each fitted variable, and
 * the text lines that print the model's value and 90 % prediction interval there.
 */
public final class PredictionPoints {

    public static final Path AT_ARG = Path.of("<--at>");

    private static final Pattern PAIR = Pattern.compile("\\s*([A-Za-z_][A-Za-z_0-9]*)\\s*=\\s*([-+]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?)\\s*");

    private PredictionPoints() {
    }

    /** Parses {@code n=4096,p=64} into values in the order of {@code variables}. */
    public static double[] parse(String text, List<String> variables) {
        Map<String, Double> values = new LinkedHashMap<>();
        int col = 1;
        for (String part : text.split(",", -1)) {
            Matcher m = PAIR.matcher(part);
            if (!m.matches()) {
                throw UserError.at(SourceLocation.of(AT_ARG, 1, col), "expecting VARIABLE=NUMBER, found '" + part.strip() + "'");
            }
            double v = Double.parseDouble(m.group(2));
            if (!Double.isFinite(v)) {
                throw UserError.at(SourceLocation.of(AT_ARG, 1, col + m.start(2)), "number out of range: " + m.group(2));
            }
            if (!variables.contains(m.group(1))) {
                throw UserError.at(SourceLocation.of(AT_ARG, 1, col + m.start(1)), "'" + m.group(1)
                        + "' is not a fitted variable (" + String.join(", ", variables) + ")");
            }
            values.put(m.group(1), v);
            col += part.length() + 1;
        }
        List<String> missing = new ArrayList<>(variables);
        missing.removeAll(values.keySet());
        if (!missing.isEmpty()) {
            throw UserError.at(SourceLocation.of(AT_ARG, 1, 1), "no value for " + String.join(", ", missing));
        }
        return variables.stream().mapToDouble(values::get).toArray();
    }

    /** {@code At n = 4096: 335.5 (90 % prediction interval 300.1 .. 370.9; extrapolated)}. */
    public static String text(Prediction p, List<String> variables) {
        StringBuilder out = new StringBuilder("At ");
        for (int i = 0; i < variables.size(); i++) {
            out.append(i == 0 ? "" : ", ").append(variables.get(i)).append(" = ").append(NumberText.digits(p.at()[i], 6));
        }
        out.append(": ").append(NumberText.digits(p.value(), 4));
        if (Double.isNaN(p.low())) {
            out.append(" (no prediction interval: no degrees of freedom left)");
        } else {
            out.append(" (90 % prediction interval ").append(NumberText.digits(p.low(), 4)).append(" .. ")
                    .append(NumberText.digits(p.high(), 4)).append(p.extrapolated() ? "; extrapolated" : "").append(')');
        }
        return out.toString();
    }
}

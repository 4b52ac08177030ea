package lcm.fit;

import lcm.expr.NumberText;
import lcm.source.SourceLocation;
import lcm.source.UserError;
import lcm.values.Point;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code lcm fit --at n=4096,p=64}: a point per option, a value for each fitted variable, and
 * the text lines that print the model's value and 90 % prediction interval there.
 */
public final class PredictionPoints {

    public static final Path AT_ARG = Path.of("<--at>");

    private PredictionPoints() {
    }

    /**
     * The values of {@code at} (parsed by lcm.values.Point) in the order of {@code variables}:
     * each a fitted variable, every fitted variable given. Errors point into the text of
     * {@code --at}, registered as {@link #AT_ARG}.
     */
    public static double[] values(Point at, List<String> variables) {
        for (String name : at.values().keySet()) {
            if (!variables.contains(name)) {
                Matcher m = Pattern.compile("(?:^|,)\\s*(" + Pattern.quote(name) + ")\\s*=").matcher(at.text());
                int col = m.find() ? m.start(1) + 1 : 1;
                throw UserError.at(SourceLocation.of(AT_ARG, 1, col), "'" + name
                        + "' is not a fitted variable (" + String.join(", ", variables) + ")");
            }
        }
        List<String> missing = new ArrayList<>(variables);
        missing.removeAll(at.values().keySet());
        if (!missing.isEmpty()) {
            throw UserError.at(SourceLocation.of(AT_ARG, 1, 1), "no value for " + String.join(", ", missing));
        }
        return variables.stream().mapToDouble(at.values()::get).toArray();
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

package lcm.values;

import lcm.source.UserError;

import java.util.Optional;

/**
 * A factor on the work of one fragment ({@code --scale produce=2}) or, without a name, of every
 * other fragment ({@code --scale 0.5}), with the text it was written as.
 */
public record Scale(String text, Optional<String> fragment, double factor) {

    /** Parses {@code NAME=FACTOR} or {@code FACTOR}: a finite number at least 0; the name is what stands before the last '='. */
    public static Scale parse(String text, String option) {
        int eq = text.lastIndexOf('=');
        String name = eq < 0 ? null : text.substring(0, eq).trim();
        String value = eq < 0 ? text.trim() : text.substring(eq + 1).trim();
        double f;
        try {
            f = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw UserError.of(option + " " + text + ": bad factor '" + value + "': expected a number");
        }
        if (!(f >= 0) || Double.isInfinite(f)) {
            throw UserError.of(option + " " + text + ": the factor must be a finite number >= 0");
        }
        if (name != null && name.isEmpty()) {
            throw UserError.of(option + " " + text + ": missing fragment name before '='");
        }
        return new Scale(text, Optional.ofNullable(name), f);
    }
}

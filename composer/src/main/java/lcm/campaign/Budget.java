package lcm.campaign;

import lcm.source.UserError;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A campaign's budget of machine time as typed: {@code 600} (seconds), {@code 45s}, {@code 20m}, {@code 2h}, {@code 1h30m}, {@code 3d}. */
public final class Budget {

    private static final Pattern PART = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(d|h|min|m|s)?");

    private Budget() {
    }

    public static double seconds(String text) {
        String t = text.strip().toLowerCase(java.util.Locale.ROOT);
        Matcher m = PART.matcher(t);
        double total = 0;
        int at = 0;
        while (at < t.length() && m.find(at) && m.start() == at) {
            double v = Double.parseDouble(m.group(1));
            String unit = m.group(2) == null ? "s" : m.group(2);
            total += v * switch (unit) {
                case "d" -> 86400;
                case "h" -> 3600;
                case "m", "min" -> 60;
                default -> 1;
            };
            at = m.end();
            while (at < t.length() && t.charAt(at) == ' ') {
                at++;
            }
        }
        if (t.isEmpty() || at != t.length() || !(total > 0)) {
            throw UserError.of("--budget " + text + ": expected a time such as 600 (seconds), 45s, 20m, 2h or 1h30m, above 0");
        }
        return total;
    }
}

package lcm.fortran;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The dummy argument names of a {@code subroutine} or {@code function} statement, in order, lower case. */
final class Dummies {

    private static final Pattern HEADER = Pattern.compile("(?i)\\b(?:subroutine|function)\\s+[a-z_][a-z0-9_]*\\s*\\(([^)]*)\\)");

    private Dummies() {
    }

    static List<String> of(String statement) {
        Matcher m = HEADER.matcher(statement);
        if (!m.find()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String d : m.group(1).split(",")) {
            String name = d.strip().toLowerCase(Locale.ROOT);
            if (!name.isEmpty()) {
                out.add(name); // "*" (alternate return) keeps its place
            }
        }
        return out;
    }
}

package lcm.trace;

import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One line of a text trace cut into fields, each with its column, so that every complaint about
 * a field points at it. Comments start with {@code #}.
 */
final class LineFields {

    /** A field and the 1-based column where it starts. */
    record Field(String text, int column) {
    }

    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    final Path file;
    final int line;
    final String text;
    final List<Field> fields;

    private LineFields(Path file, int line, String text, List<Field> fields) {
        this.file = file;
        this.line = line;
        this.text = text;
        this.fields = fields;
    }

    /** The text before a {@code #} comment. */
    static String uncommented(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }

    /** Splits on runs of blanks. */
    static LineFields blankSeparated(Path file, int line, String text) {
        String body = uncommented(text);
        List<Field> out = new ArrayList<>();
        int i = 0;
        while (i < body.length()) {
            while (i < body.length() && Character.isWhitespace(body.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < body.length() && !Character.isWhitespace(body.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(new Field(body.substring(start, i), start + 1));
            }
        }
        return new LineFields(file, line, text, out);
    }

    /**
     * Splits {@code a, b, c(i,j), d} into exactly {@code n} fields: the first {@code n-2} and the
     * last at their commas, everything between as one field (so names may hold commas).
     */
    static LineFields commaSeparated(Path file, int line, String text, int n) {
        String body = uncommented(text);
        List<Integer> commas = new ArrayList<>();
        for (int i = 0; i < body.length(); i++) {
            if (body.charAt(i) == ',') {
                commas.add(i);
            }
        }
        if (commas.size() < n - 1) {
            throw UserError.at(SourceLocation.of(file, line, 1),
                    "expected " + n + " comma-separated fields, found " + (commas.size() + 1));
        }
        List<Integer> cuts = new ArrayList<>(commas.subList(0, n - 2));
        cuts.add(commas.get(commas.size() - 1));
        List<Field> out = new ArrayList<>();
        int from = 0;
        for (int k = 0; k <= cuts.size(); k++) {
            int to = k < cuts.size() ? cuts.get(k) : body.length();
            String raw = body.substring(from, to);
            int lead = 0;
            while (lead < raw.length() && Character.isWhitespace(raw.charAt(lead))) {
                lead++;
            }
            out.add(new Field(raw.trim(), from + lead + 1));
            from = to + 1;
        }
        return new LineFields(file, line, text, out);
    }

    boolean isEmpty() {
        return fields.isEmpty();
    }

    int size() {
        return fields.size();
    }

    String text(int i) {
        return fields.get(i).text();
    }

    SourceLocation at(int i) {
        return SourceLocation.of(file, line, i < fields.size() ? fields.get(i).column() : Math.max(1, text.length()));
    }

    SourceLocation start() {
        return SourceLocation.of(file, line, fields.isEmpty() ? 1 : fields.get(0).column());
    }

    /** Field {@code i} as a number; {@code what} names it in the error. */
    double number(int i, String what) {
        String t = text(i);
        if (!NUMBER.matcher(t).matches()) {
            throw UserError.at(at(i), "bad " + what + " '" + t + "': expected a number");
        }
        return Double.parseDouble(t);
    }

    static boolean isNumber(String t) {
        return NUMBER.matcher(t).matches();
    }

    UserError error(int i, String message) {
        return UserError.at(at(i), message);
    }
}

package lcm.trace;

import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of a text trace cut into fields, each with its column, so that every complaint about
 * a field points at it. Comments start with {@code #}.
 */
final class LineFields {

    /** A field and the 1-based column where it starts. */
    record Field(String text, int column) {
    }

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

    /** The text before a {@code #} comment that is not inside double quotes. */
    static String uncommentedQuoted(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '#' && !quoted) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    /** A value without its surrounding double quotes, if it has them. */
    static String unquoted(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }

    /** A value as {@link #blankSeparated} reads it back: quoted when it has blanks, quotes or '#'. */
    static String quoted(String value) {
        if (value.isEmpty() || value.chars().anyMatch(c -> Character.isWhitespace(c) || c == '"' || c == '#')) {
            return "\"" + value.replace("\"", "'") + "\"";
        }
        return value;
    }

    /** The text before a {@code #} comment. */
    static String uncommented(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }

    /**
     * Splits on runs of blanks; blanks inside double quotes do not split
     * ({@code fragment="Immediate Receive"} is one field). A quote that is not closed is an error.
     */
    static LineFields blankSeparated(Path file, int line, String text) {
        String body = uncommentedQuoted(text);
        List<Field> out = new ArrayList<>();
        int i = 0;
        while (i < body.length()) {
            while (i < body.length() && Character.isWhitespace(body.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < body.length() && !Character.isWhitespace(body.charAt(i))) {
                if (body.charAt(i) == '"') {
                    int close = body.indexOf('"', i + 1);
                    if (close < 0) {
                        throw UserError.at(SourceLocation.of(file, line, i + 1), "unclosed '\"'");
                    }
                    i = close;
                }
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
        int hash = text.indexOf('#');
        int length = hash < 0 ? text.length() : hash;
        int[] cuts = new int[n - 1];
        int found = 0;
        int lastComma = -1;
        int commas = 0;
        for (int i = 0; i < length; i++) {
            if (text.charAt(i) == ',') {
                commas++;
                lastComma = i;
                if (found < n - 2) {
                    cuts[found++] = i;
                }
            }
        }
        if (commas < n - 1) {
            throw UserError.at(SourceLocation.of(file, line, 1),
                    "expected " + n + " comma-separated fields, found " + (commas + 1));
        }
        cuts[n - 2] = lastComma;
        List<Field> out = new ArrayList<>(n);
        int from = 0;
        for (int k = 0; k <= n - 1; k++) {
            int to = k < n - 1 ? cuts[k] : length;
            int a = from;
            int b = to;
            while (a < b && Character.isWhitespace(text.charAt(a))) {
                a++;
            }
            while (b > a && Character.isWhitespace(text.charAt(b - 1))) {
                b--;
            }
            out.add(new Field(text.substring(a, b), a + 1));
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
        if (!isNumber(t)) {
            throw UserError.at(at(i), "bad " + what + " '" + t + "': expected a number");
        }
        double v = Double.parseDouble(t);
        if (Double.isInfinite(v)) {
            throw UserError.at(at(i), what + " " + t + " out of range");
        }
        return v;
    }

    /** A plain decimal number: {@code [+-]digits[.digits][e[+-]digits]} (no NaN, Infinity or hex). */
    static boolean isNumber(String t) {
        int i = 0;
        int n = t.length();
        if (i < n && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isAsciiDigit(t.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && t.charAt(i) == '.') {
            i++;
            while (i < n && isAsciiDigit(t.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
            i++;
            if (i < n && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
                i++;
            }
            int exp = 0;
            while (i < n && isAsciiDigit(t.charAt(i))) {
                i++;
                exp++;
            }
            if (exp == 0) {
                return false;
            }
        }
        return i == n;
    }

    static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    UserError error(int i, String message) {
        return UserError.at(at(i), message);
    }
}

package lcm.javasrc;

import com.github.javaparser.JavaToken;
import com.github.javaparser.Position;
import com.github.javaparser.Problem;
import com.github.javaparser.Range;
import com.github.javaparser.TokenRange;
import lcm.source.Diagnostic;

import java.util.Locale;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * javaparser's problems as lcm diagnostics: located at the offending token
 * ({@code file:line:col}), with javaparser's long "expected one of" lists shortened.
 */
final class JavaSyntaxErrors {

    private static final Pattern PARSE_ERROR = Pattern.compile("(?s)Parse error\\. Found (.+?), expected (?:one of )?(.*)");
    private static final Pattern TOKEN = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|<[A-Z_]+>");
    private static final int MAX_EXPECTED = 4;
    private static final int SEARCH = 64;

    private JavaSyntaxErrors() {
    }

    static List<Diagnostic> of(List<Problem> problems, JavaPositions positions) {
        return problems.stream().map(p -> diagnostic(p, positions)).toList();
    }

    private static Diagnostic diagnostic(Problem p, JavaPositions positions) {
        Position at = p.getLocation().map(r -> offending(r, p.getMessage())).orElse(new Position(1, 1));
        return Diagnostic.error(positions.location(at), message(p.getMessage()));
    }

    /**
     * Where the unexpected token is. javaparser's range sometimes ends at it and sometimes
     * only at the token before, so look for the token the message names, from the range's start.
     */
    private static Position offending(TokenRange range, String message) {
        Position fallback = range.toRange().map((Range r) -> r.begin).orElse(new Position(1, 1));
        Matcher m = PARSE_ERROR.matcher(message.strip());
        if (!m.matches() || !m.group(1).strip().startsWith("\"")) {
            return fallback;
        }
        String found = m.group(1).strip();
        String text = found.substring(1, found.length() - 1).replace("\\\"", "\"");
        JavaToken t = range.getBegin();
        for (int i = 0; i < SEARCH && t != null; i++) {
            if (t.getText().equals(text) && t.getRange().isPresent()) {
                return t.getRange().get().begin;
            }
            t = t.getNextToken().orElse(null);
        }
        return fallback;
    }

    static String message(String javaparser) {
        Matcher m = PARSE_ERROR.matcher(javaparser.strip());
        if (!m.matches()) {
            return "Java syntax error: " + javaparser.strip();
        }
        String found = token(m.group(1).strip());
        List<String> expected = TOKEN.matcher(m.group(2)).results().map(r -> token(r.group())).toList();
        if (expected.isEmpty() || expected.size() > MAX_EXPECTED) {
            return "Java syntax error: unexpected " + found;
        }
        return "Java syntax error: unexpected " + found + ", expected " + String.join(" or ", expected);
    }

    /** {@code "\";\""} as {@code ';'}, {@code <IDENTIFIER>} as {@code identifier}, {@code <EOF>} as {@code end of file}. */
    private static String token(String t) {
        if (t.equals("<EOF>")) {
            return "end of file";
        }
        if (t.startsWith("<") && t.endsWith(">")) {
            return t.substring(1, t.length() - 1).toLowerCase(Locale.ROOT).replace('_', ' ');
        }
        if (t.startsWith("\"") && t.endsWith("\"") && t.length() >= 2) {
            return "'" + t.substring(1, t.length() - 1).replace("\\\"", "\"") + "'";
        }
        return t;
    }
}

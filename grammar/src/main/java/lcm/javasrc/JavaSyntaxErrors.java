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
    /** javaparser's lexical errors carry their place in the text, not in the problem's range. */
    private static final Pattern LEXICAL = Pattern.compile(
            "(?s)Lexical error at line (\\d{1,9}), column (\\d{1,9})\\.\\s+Encountered: (.*?), after : \"(.*)\"\\s*");
    /** A found token as javaparser writes it: a quoted text (escapes as in Java) and maybe its kind, or {@code ";"}. */
    private static final Pattern FOUND = Pattern.compile("(?s)\"((?:[^\"\\\\]|\\\\.)*)\"(?:\\s+<[A-Z_]+>)?");
    private static final Pattern TOKEN = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|<[A-Z_]+>");
    private static final int MAX_EXPECTED = 4;
    private static final int SEARCH = 64;

    private JavaSyntaxErrors() {
    }

    static List<Diagnostic> of(List<Problem> problems, JavaPositions positions) {
        return problems.stream().map(p -> diagnostic(p, positions)).toList();
    }

    private static Diagnostic diagnostic(Problem p, JavaPositions positions) {
        Matcher lexical = LEXICAL.matcher(p.getMessage());
        if (lexical.matches()) {
            // a character no Java token starts with (a NUL byte, '#'): at its own line and column
            Position at = new Position(Integer.parseInt(lexical.group(1)), Integer.parseInt(lexical.group(2)));
            return Diagnostic.error(positions.location(at), lexicalMessage(lexical.group(3), lexical.group(4)));
        }
        Position at = p.getLocation().map(r -> offending(r, p.getMessage())).orElse(new Position(1, 1));
        return Diagnostic.error(positions.location(at), message(p.getMessage()));
    }

    /**
     * {@code Encountered: "..." (0), after : ""} as {@code unexpected character U+0000}; a
     * printable one is shown too ({@code unexpected character '#' (U+0023)}); text javaparser
     * had read before it in the same token follows ({@code after '...'}).
     */
    private static String lexicalMessage(String encountered, String after) {
        Matcher code = Pattern.compile("\\((\\d{1,7})\\)\\s*$").matcher(encountered);
        String what;
        if (code.find()) {
            int c = Integer.parseInt(code.group(1));
            String u = String.format(Locale.ROOT, "U+%04X", c);
            what = c < 0x20 || c == 0x7f || !Character.isDefined(c) ? u : "'" + new String(Character.toChars(c)) + "' (" + u + ")";
        } else {
            what = encountered.strip();
        }
        String before = unescape(after);
        return "Java syntax error: unexpected character " + what
                + (before.isEmpty() ? "" : " after '" + before + "'");
    }

    /** Java's escapes in javaparser's messages: a backslash, u and four hex digits; a backslash before a quote or a backslash. */
    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(i + 1);
                if (n == 'u' && i + 5 < s.length() && s.substring(i + 2, i + 6).chars().allMatch(h -> Character.digit(h, 16) >= 0)) {
                    b.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
                    i += 5;
                    continue;
                }
                b.append(n == 'n' ? '\n' : n == 't' ? '\t' : n == 'r' ? '\r' : n);
                i++;
                continue;
            }
            b.append(c);
        }
        return b.toString();
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
        Matcher f = FOUND.matcher(m.group(1).strip());
        if (!f.matches()) {
            return fallback;
        }
        String text = unescape(f.group(1));
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
        Matcher found = FOUND.matcher(t);
        if (found.matches()) {
            return "'" + unescape(found.group(1)) + "'";
        }
        return t;
    }
}

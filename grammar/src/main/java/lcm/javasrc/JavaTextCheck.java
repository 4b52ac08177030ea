package lcm.javasrc;

import lcm.source.Diagnostic;
import lcm.source.SourceLocation;
import lcm.source.SourceText;

import java.util.Optional;

/**
 * What lcm checks in a Java text before javaparser reads it: nesting of parentheses, brackets
 * and braces deeper than {@value #LIMIT} (javaparser's recursive descent runs out of stack
 * somewhere past 500), and a block comment never closed (javaparser reports it at the end of
 * the file, or at 1:1). Strings, character literals, text blocks and comments are skipped.
 */
final class JavaTextCheck {

    static final int LIMIT = 200;

    private JavaTextCheck() {
    }

    static Optional<Diagnostic> check(SourceText text) {
        String s = text.text();
        int depth = 0;
        int line = 1;
        int column = 1;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                int startLine = line;
                int startColumn = column;
                int end = s.indexOf("*/", i + 2);
                if (end < 0) {
                    return Optional.of(Diagnostic.error(new SourceLocation(text.path(), startLine, startColumn),
                            "unclosed comment: '/*' without '*/' before the end of the file"));
                }
                for (int k = i; k < end + 2; k++) {
                    if (s.charAt(k) == '\n') {
                        line++;
                        column = 1;
                    } else {
                        column++;
                    }
                }
                i = end + 2;
                continue;
            }
            if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                while (i < s.length() && s.charAt(i) != '\n') {
                    i++;
                    column++;
                }
                continue;
            }
            if (c == '"' || c == '\'') {
                boolean textBlock = c == '"' && s.startsWith("\"\"\"", i);
                String close = textBlock ? "\"\"\"" : String.valueOf(c);
                int k = i + close.length();
                column += close.length();
                while (k < s.length() && !s.startsWith(close, k) && (textBlock || s.charAt(k) != '\n')) {
                    if (s.charAt(k) == '\\') {
                        k++;
                        column++;
                    }
                    if (k < s.length() && s.charAt(k) == '\n') {
                        line++;
                        column = 0;
                    }
                    k++;
                    column++;
                }
                i = Math.min(s.length(), k + close.length());
                column += close.length();
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                if (++depth > LIMIT) {
                    return Optional.of(Diagnostic.error(new SourceLocation(text.path(), line, column),
                            "Java source nested more than " + LIMIT + " deep (parentheses, brackets and braces)"));
                }
            } else if (c == ')' || c == ']' || c == '}') {
                depth = Math.max(0, depth - 1);
            }
            if (c == '\n') {
                line++;
                column = 1;
            } else if (c != '\r') {
                column++;
            }
            i++;
        }
        return Optional.empty();
    }
}

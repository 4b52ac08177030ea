package lcm.fortran;

import lcm.source.Diagnostics;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;

/**
 * Statements that the cut at the fixed-form line length broke: a {@code parameter (...)} whose
 * closing parenthesis stood past column 72 no longer reads as Fortran. Each is a located
 * warning, and one that begins with a non-executable keyword stays non-executable instead of
 * becoming leaf material.
 */
final class TruncatedStatements {

    private TruncatedStatements() {
    }

    /** {@code byLine}: the cut locations by file and line ({@link LineLayer#truncated()}). */
    static List<Stmt> report(List<Stmt> statements, Map<Path, NavigableMap<Integer, SourceLocation>> byLine,
                             int lineLength, Diagnostics diagnostics) {
        List<Stmt> out = new ArrayList<>(statements.size());
        for (Stmt s : statements) {
            SourceLocation at = s.kind() == Stmt.Kind.OTHER ? cutIn(s.line(), byLine) : null;
            if (at == null || balanced(s.line().text())) {
                out.add(s);
                continue;
            }
            String first = firstWord(s.line().text());
            boolean declaration = StatementClassifier.NON_EXECUTABLE.contains(first);
            diagnostics.warning(at, "statement cut at column " + lineLength + " no longer reads as Fortran"
                    + (declaration ? " ('" + first + "' kept as a declaration)" : " (kept as an opaque statement)")
                    + (lineLength < 132 ? "; --line-length 132 reads it whole" : ""));
            out.add(declaration ? Stmt.of(Stmt.Kind.NON_EXECUTABLE, s.line()) : s);
        }
        return out;
    }

    /** Whether the cut at the fixed-form line length broke {@code line} ({@code byLine}: {@link LineLayer#truncated()}). */
    static boolean isCut(LogicalLine line, Map<Path, NavigableMap<Integer, SourceLocation>> byLine) {
        return !byLine.isEmpty() && cutIn(line, byLine) != null;
    }

    private static SourceLocation cutIn(LogicalLine line, Map<Path, NavigableMap<Integer, SourceLocation>> cut) {
        NavigableMap<Integer, SourceLocation> lines = cut.get(line.at().file());
        Map.Entry<Integer, SourceLocation> e = lines == null ? null : lines.ceilingEntry(line.at().line());
        return e != null && e.getKey() <= line.lastLine() ? e.getValue() : null;
    }

    private static boolean balanced(String text) {
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            }
        }
        return depth == 0 && quote == 0;
    }

    private static String firstWord(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        int i = 0;
        while (i < t.length() && Character.isLetter(t.charAt(i))) {
            i++;
        }
        return t.substring(0, i);
    }
}

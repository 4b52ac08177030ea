package lcm.fortran;

import lcm.source.SourceLocation;
import lcm.source.SourceText;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static lcm.fortran.LineLayer.allDigits;
import static lcm.fortran.LineLayer.leadingBlanks;
import static lcm.fortran.LineLayer.quoteOf;
import static lcm.fortran.LineLayer.stripComment;
import static lcm.fortran.LineLayer.withoutByteOrderMark;

/** Fixed form: columns 1-5 label, 6 continuation, 7-72 text; c, C, *, ! in column 1 comment. */
final class FixedFormLines {
    private final SourceText text;
    private final int lineLength;
    private final Consumer<LogicalLine> out;
    final List<SourceLocation> cut = new ArrayList<>();
    /** Hears every cut location as it is found: a caller checks its statements before the file ends. */
    private final Consumer<SourceLocation> allCut;
    private PendingLine current;
    private int shift; // columns cut off the front of the line being read (an indented '!' line)

    FixedFormLines(SourceText text, int lineLength, Consumer<LogicalLine> out, Consumer<SourceLocation> allCut) {
        this.text = text;
        this.lineLength = lineLength;
        this.out = out;
        this.allCut = allCut;
    }

    /** Text from column {@code from + 1} to the line length; notes non-blank text cut off. */
    private String columns(int n, String line, int from) {
        return columns(n, line, from, (char) 0);
    }

    /**
     * As {@link #columns(int, String, int)}, on a line that starts inside a string quoted by
     * {@code quote} (0: none). Text past the line length that is a {@code !} comment (begun
     * there or before) is no lost code and is not noted.
     */
    private String columns(int n, String line, int from, char quote) {
        if (line.length() <= from) {
            return "";
        }
        int end = lineLength - shift;
        if (line.length() > end && !line.substring(end).isBlank()) {
            int col = end + leadingBlanks(line.substring(end));
            int comment = from + stripComment(line.substring(from), quote)[0].length();
            if (comment > col || comment == line.length()) {
                cut.add(loc(n, col + 1));
                allCut.accept(loc(n, col + 1));
            }
        }
        return line.substring(from, Math.max(from, Math.min(line.length(), end)));
    }

    void read() {
        List<String> lines = text.lines();
        for (int i = 0; i < lines.size(); i++) {
            line(i + 1, i == 0 ? withoutByteOrderMark(lines.get(0)) : lines.get(i));
        }
        flush();
    }

    private void flush() {
        if (current != null) {
            current.emit(out);
            current = null;
        }
    }

    private SourceLocation loc(int line, int col) {
        return new SourceLocation(text.path(), line, col + shift);
    }

    private void line(int n, String raw) {
        String line = expandTabs(raw);
        if (line.isBlank()) {
            return;
        }
        char c1 = line.charAt(0);
        if (c1 == 'c' || c1 == 'C' || c1 == '*' || c1 == '!' || c1 == 'd' || c1 == 'D' || c1 == '#') {
            commentLine(n, line);
            return;
        }
        // an indented ! starts a comment line too (but a ! in column 6 is a continuation mark)
        int lead = leadingBlanks(line);
        if (lead < line.length() && line.charAt(lead) == '!' && lead != 5) {
            shift = lead;
            commentLine(n, line.substring(lead));
            shift = 0;
            return;
        }
        String labelField = line.length() > 5 ? line.substring(0, 5) : line;
        char c6 = line.length() > 5 ? line.charAt(5) : ' ';
        boolean continuation = c6 != ' ' && c6 != '0';
        String body = columns(n, line, 6, continuation && current != null
                && current.kind == LogicalLine.Kind.STATEMENT ? current.quote : (char) 0);
        if (continuation && current != null && current.kind == LogicalLine.Kind.STATEMENT) {
            String[] stripped = stripComment(body, current.quote);
            current.append(stripped[0], loc(n, 7));
            current.quote = quoteOf(stripped);
            current.lastLine = n;
            return;
        }
        flush();
        String label = labelField.strip();
        if (!allDigits(label)) {
            label = ""; // not a label: junk in the label field is ignored like most compilers do
        }
        String[] stripped = stripComment(body, (char) 0);
        current = new PendingLine(LogicalLine.Kind.STATEMENT, LogicalLine.Sentinel.NONE, label,
                loc(n, 7 + leadingBlanks(stripped[0])));
        current.append(stripped[0], loc(n, 7));
        current.quote = quoteOf(stripped);
    }

    /** A line with a comment mark: a plain comment, a directive, or an annotation. */
    private void commentLine(int n, String line) {
        if (line.length() >= 6 && line.regionMatches(true, 1, "*ksr*", 0, 5)) {
            directive(n, line, 6, LogicalLine.Sentinel.KSR);
        } else if (line.length() >= 5 && line.regionMatches(true, 1, "$omp", 0, 4)) {
            // c$omp / *$omp / !$omp: column 6 is the continuation column
            char c6 = line.length() > 5 ? line.charAt(5) : ' ';
            if (c6 != ' ' && c6 != '0' && current != null && current.kind == LogicalLine.Kind.DIRECTIVE
                    && current.sentinel == LogicalLine.Sentinel.OMP) {
                appendDirective(n, columns(n, line, 6), 7);
                return;
            }
            directive(n, line, 5, LogicalLine.Sentinel.OMP);
        } else if (line.length() >= 5 && line.regionMatches(true, 1, "hpf$", 0, 4)) {
            // chpf$, !hpf$, *hpf$: column 6 is the continuation column, as for c$omp
            char c6 = line.length() > 5 ? line.charAt(5) : ' ';
            if (c6 != ' ' && c6 != '0' && current != null && current.kind == LogicalLine.Kind.DIRECTIVE
                    && current.sentinel == LogicalLine.Sentinel.HPF) {
                appendDirective(n, columns(n, line, 6), 7);
                return;
            }
            directive(n, line, 5, LogicalLine.Sentinel.HPF);
        } else if (line.length() >= 6 && line.regionMatches(true, 1, "*lcm*", 0, 5)) {
            annotation(n, line, 6);
        } else if (line.regionMatches(true, 0, "!lcm$", 0, 5)) {
            annotation(n, line, 5);
        }
        // any other comment line does not end a statement: continuation lines may follow it
    }

    private void directive(int n, String line, int skip, LogicalLine.Sentinel sentinel) {
        String rest = columns(n, line, skip);
        // KSR and free-style continuation: a trailing & continues on the next sentinel line
        if (current != null && current.kind == LogicalLine.Kind.DIRECTIVE && current.sentinel == sentinel
                && current.more) {
            String cont = rest.strip().startsWith("&") ? rest.strip().substring(1) : rest;
            appendDirective(n, cont, line.length() - cont.length() + 1);
            return;
        }
        flush();
        current = new PendingLine(LogicalLine.Kind.DIRECTIVE, sentinel, "", loc(n, skip + 1 + leadingBlanks(rest)));
        appendDirective(n, rest, skip + 1);
    }

    private void appendDirective(int n, String rest, int column) {
        String[] stripped = stripComment(rest, (char) 0);
        String code = stripped[0].stripTrailing();
        boolean more = code.endsWith("&");
        if (more) {
            code = code.substring(0, code.length() - 1);
        }
        current.append(code + " ", loc(n, column));
        current.more = more;
        current.lastLine = n;
    }

    private void annotation(int n, String line, int skip) {
        String rest = columns(n, line, skip);
        if (current == null || current.kind != LogicalLine.Kind.ANNOTATION || !current.more) {
            flush();
            current = new PendingLine(LogicalLine.Kind.ANNOTATION, LogicalLine.Sentinel.LCM, "",
                    loc(n, skip + 1 + leadingBlanks(rest)));
        }
        current.appendAnnotation(n, rest, skip + 1, col -> loc(n, col));
        if (!current.more) {
            flush();
        }
    }

    /**
     * DEC tab form: a tab within the first six columns ends the label field; a digit
     * after it marks a continuation. Tabs elsewhere become one blank.
     */
    private static String expandTabs(String line) {
        int tab = line.indexOf('\t');
        if (tab < 0) {
            return line;
        }
        if (tab <= 5 && !(line.length() > 0 && "cC*!dD".indexOf(line.charAt(0)) >= 0)) {
            String label = line.substring(0, tab);
            String rest = line.substring(tab + 1);
            StringBuilder b = new StringBuilder(label);
            while (b.length() < 5) {
                b.append(' ');
            }
            if (!rest.isEmpty() && rest.charAt(0) >= '1' && rest.charAt(0) <= '9') {
                b.append(rest.charAt(0)).append(rest.substring(1).replace('\t', ' '));
            } else {
                b.append(' ').append(rest.replace('\t', ' '));
            }
            return b.toString();
        }
        return line.replace('\t', ' ');
    }
}

package lcm.fortran;

import lcm.source.SourceLocation;
import lcm.source.SourceText;

import java.util.List;
import java.util.function.Consumer;

import static lcm.fortran.LineLayer.leadingBlanks;
import static lcm.fortran.LineLayer.quoteOf;
import static lcm.fortran.LineLayer.stripComment;
import static lcm.fortran.LineLayer.withoutByteOrderMark;

/** Free form: {@code !} comments, {@code &} continuation, {@code !$omp} and {@code !lcm$} sentinels. */
final class FreeFormLines {
    private final SourceText text;
    private final Consumer<LogicalLine> out;
    private PendingLine current;
    private boolean continues;
    /** An annotation continued with {@code &}, read apart from a statement it may stand inside. */
    private PendingLine annotation;

    FreeFormLines(SourceText text, Consumer<LogicalLine> out) {
        this.text = text;
        this.out = out;
    }

    private SourceLocation loc(int line, int col) {
        return new SourceLocation(text.path(), line, col);
    }

    void read() {
        List<String> lines = text.lines();
        for (int i = 0; i < lines.size(); i++) {
            line(i + 1, (i == 0 ? withoutByteOrderMark(lines.get(0)) : lines.get(i)).replace('\t', ' '));
        }
        flush();
    }

    private void flush() {
        endAnnotation();
        if (current != null) {
            current.emit(out);
            current = null;
        }
        continues = false;
    }

    private void endAnnotation() {
        if (annotation != null) {
            annotation.emit(out);
            annotation = null;
        }
    }

    private void line(int n, String line) {
        int lead = leadingBlanks(line);
        if (lead == line.length()) {
            return;
        }
        if (line.regionMatches(true, lead, "!$omp", 0, 5)) {
            directive(n, line, lead + 5, LogicalLine.Sentinel.OMP);
            return;
        }
        if (line.regionMatches(true, lead, "!hpf$", 0, 5)) {
            directive(n, line, lead + 5, LogicalLine.Sentinel.HPF);
            return;
        }
        if (line.regionMatches(true, lead, "!lcm$", 0, 5)) {
            if (!continues && annotation == null) {
                flush();
            }
            String rest = line.substring(lead + 5);
            if (annotation == null) {
                annotation = new PendingLine(LogicalLine.Kind.ANNOTATION, LogicalLine.Sentinel.LCM, "",
                        loc(n, lead + 6 + leadingBlanks(rest)));
            }
            annotation.appendAnnotation(n, rest, lead + 6, col -> loc(n, col));
            if (!annotation.more) {
                endAnnotation();
            }
            return;
        }
        if (line.charAt(lead) == '!') {
            return; // a comment line; a continued statement (or annotation) continues past it
        }
        if (line.charAt(lead) == '#') {
            return; // preprocessor line
        }
        endAnnotation(); // an annotation continued with '&' and no annotation line after it ends here
        int col = lead;
        String body = line.substring(lead);
        if (continues && current != null && current.kind == LogicalLine.Kind.STATEMENT) {
            if (body.startsWith("&")) {
                body = body.substring(1);
                col++;
            }
            appendStatement(n, body, col);
            return;
        }
        flush();
        // a leading label
        String label = "";
        int i = 0;
        while (i < body.length() && Character.isDigit(body.charAt(i)) && i < 5) {
            i++;
        }
        if (i > 0 && (i == body.length() || body.charAt(i) == ' ')) {
            label = body.substring(0, i);
            int skip = i + leadingBlanks(body.substring(i));
            body = body.substring(skip);
            col += skip;
        }
        current = new PendingLine(LogicalLine.Kind.STATEMENT, LogicalLine.Sentinel.NONE, label, loc(n, col + 1));
        appendStatement(n, body, col);
    }

    private void appendStatement(int n, String body, int col) {
        String[] stripped = stripComment(body, current.quote);
        String code = stripped[0];
        current.quote = quoteOf(stripped);
        String trimmed = code.stripTrailing();
        continues = trimmed.endsWith("&");
        if (continues) {
            code = trimmed.substring(0, trimmed.length() - 1);
        }
        current.append(code, loc(n, col + 1));
        current.lastLine = n;
    }

    private void directive(int n, String line, int skip, LogicalLine.Sentinel sentinel) {
        String rest = line.substring(skip);
        if (current != null && current.kind == LogicalLine.Kind.DIRECTIVE && current.sentinel == sentinel && continues) {
            String r = rest;
            int col = skip + 1;
            String st = r.stripLeading();
            if (st.startsWith("&")) {
                col += r.length() - st.length() + 1;
                r = st.substring(1);
            }
            appendDirective(n, r, col);
            return;
        }
        flush();
        current = new PendingLine(LogicalLine.Kind.DIRECTIVE, sentinel, "",
                loc(n, skip + 1 + leadingBlanks(rest)));
        appendDirective(n, rest, skip + 1);
    }

    private void appendDirective(int n, String rest, int col) {
        String[] stripped = stripComment(rest, (char) 0);
        String code = stripped[0].stripTrailing();
        continues = code.endsWith("&");
        if (continues) {
            code = code.substring(0, code.length() - 1);
        }
        current.append(code + " ", loc(n, col));
        current.lastLine = n;
    }
}

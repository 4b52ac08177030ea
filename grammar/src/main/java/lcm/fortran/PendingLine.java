package lcm.fortran;

import lcm.antlr.TextOrigin;
import lcm.source.SourceLocation;

import java.util.function.Consumer;

import static lcm.fortran.LineLayer.leadingBlanks;

/**
 * The physical pieces of one logical line as the fixed- and free-form readers collect them (text,
 * where each piece came from, an open string or a trailing &), emitted as logical lines.
 */
final class PendingLine {
    final LogicalLine.Kind kind;
    final LogicalLine.Sentinel sentinel;
    final String label;
    final SourceLocation at;
    final TextOrigin.Builder text = TextOrigin.builder();
    int lastLine;
    char quote; // open string quote carried across continuation lines, 0 if none
    boolean more; // a directive whose last line ended with &

    PendingLine(LogicalLine.Kind kind, LogicalLine.Sentinel sentinel, String label, SourceLocation at) {
        this.kind = kind;
        this.sentinel = sentinel;
        this.label = label;
        this.at = at;
        this.lastLine = at.line();
    }

    void append(String chunk, SourceLocation start) {
        if (!chunk.isEmpty()) {
            text.append(chunk, start);
        }
    }

    /**
     * Appends one physical line's annotation text ({@code rest}, whose first character is
     * at column {@code column} of line {@code n}, {@code at} locating columns): a leading
     * {@code &} of a continuation line is dropped, and a trailing {@code &} says the
     * annotation continues on the next annotation line (docs/annotations.md). The pieces
     * join with nothing between them, as Fortran's {@code &} ... {@code &} does.
     */
    void appendAnnotation(int n, String rest, int column, java.util.function.IntFunction<SourceLocation> at) {
        String r = rest;
        int col = column;
        if (more) {
            String st = r.stripLeading();
            if (st.startsWith("&")) {
                col += r.length() - st.length() + 1;
                r = st.substring(1);
            }
        }
        String code = r.stripTrailing();
        more = code.endsWith("&");
        append(more ? code.substring(0, code.length() - 1) : r, at.apply(col));
        lastLine = n;
    }

    /** Emits the logical line(s); statements are split at {@code ;} outside strings. */
    void emit(Consumer<LogicalLine> out) {
        String all = text.text();
        if (all.isBlank() && kind == LogicalLine.Kind.STATEMENT) {
            return;
        }
        TextOrigin origin = all.isEmpty() ? TextOrigin.at(at) : text.build();
        if (kind != LogicalLine.Kind.STATEMENT) {
            out.accept(new LogicalLine(kind, sentinel, all.strip(), label, firstNonBlank(all, origin), lastLine,
                    shift(all, origin)));
            return;
        }
        int start = 0;
        char q = 0;
        boolean first = true;
        for (int i = 0; i <= all.length(); i++) {
            char c = i < all.length() ? all.charAt(i) : ';';
            if (q != 0) {
                if (c == q) {
                    q = 0;
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                q = c;
            } else if (c == ';') {
                String piece = all.substring(start, Math.min(i, all.length()));
                if (!piece.isBlank()) {
                    int lead = leadingBlanks(piece);
                    SourceLocation pieceAt = origin.locate(start + lead);
                    out.accept(new LogicalLine(kind, sentinel, piece.strip(), first ? label : "", pieceAt, lastLine,
                            TextOrigin.shifted(origin, start + lead)));
                    first = false;
                }
                start = i + 1;
            }
        }
    }

    private static SourceLocation firstNonBlank(String all, TextOrigin origin) {
        return origin.locate(leadingBlanks(all));
    }

    private static TextOrigin shift(String all, TextOrigin origin) {
        return TextOrigin.shifted(origin, leadingBlanks(all));
    }
}

package lcm.source;

import java.nio.file.Path;
import java.util.Objects;

/** A contiguous region of one source file, from {@code start} to {@code endLine} (inclusive). */
public record SourceSpan(SourceLocation start, int endLine) {

    public SourceSpan {
        Objects.requireNonNull(start, "start");
        if (endLine < start.line()) {
            throw new IllegalArgumentException("span ends (" + endLine + ") before it starts (" + start + ")");
        }
    }

    public static SourceSpan of(SourceLocation start) {
        return new SourceSpan(start, start.line());
    }

    public static SourceSpan lines(Path file, int firstLine, int column, int lastLine) {
        return new SourceSpan(new SourceLocation(file, firstLine, column), lastLine);
    }

    public Path file() {
        return start.file();
    }

    public int line() {
        return start.line();
    }

    public int column() {
        return start.column();
    }

    /** The smallest span covering this one and {@code lastLine}. */
    public SourceSpan through(int lastLine) {
        return new SourceSpan(start, Math.max(endLine, lastLine));
    }

    @Override
    public String toString() {
        return endLine == start.line() ? start.toString() : start + "-" + endLine;
    }
}

package lcm.source;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A position in a source file: 1-based line and column. The file is kept as the user
 * named it (relative paths stay relative) so that messages read the way the user typed them.
 */
public record SourceLocation(Path file, int line, int column) implements Comparable<SourceLocation> {

    public SourceLocation {
        Objects.requireNonNull(file, "file");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1, was " + line);
        }
        if (column < 1) {
            throw new IllegalArgumentException("column must be >= 1, was " + column);
        }
    }

    public static SourceLocation of(Path file, int line, int column) {
        return new SourceLocation(file, line, column);
    }

    /** The location {@code delta} columns to the right on the same line. */
    public SourceLocation plusColumns(int delta) {
        return new SourceLocation(file, line, Math.max(1, column + delta));
    }

    @Override
    public int compareTo(SourceLocation o) {
        int c = file.toString().compareTo(o.file.toString());
        if (c != 0) {
            return c;
        }
        c = Integer.compare(line, o.line);
        return c != 0 ? c : Integer.compare(column, o.column);
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}

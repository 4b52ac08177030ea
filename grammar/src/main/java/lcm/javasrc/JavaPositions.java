package lcm.javasrc;

import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.Node;
import lcm.source.SourceLocation;
import lcm.source.SourceSpan;

import java.nio.file.Path;

/**
 * Converts javaparser positions (1-based lines and columns, a tab counting as one column) to
 * lcm's {@link SourceLocation}s and {@link SourceSpan}s, and compares annotation locations with
 * node ranges.
 */
final class JavaPositions {

    private final Path file;

    JavaPositions(Path file) {
        this.file = file;
    }

    /** Where {@code node} begins. */
    SourceLocation at(Node node) {
        return location(begin(node));
    }

    /** The lines {@code node} covers, starting at its first character. */
    SourceSpan span(Node node) {
        return new SourceSpan(at(node), end(node).line);
    }

    SourceLocation location(Position p) {
        return new SourceLocation(file, Math.max(1, p.line), Math.max(1, p.column));
    }

    static Position begin(Node node) {
        return range(node).begin;
    }

    static Position end(Node node) {
        return range(node).end;
    }

    /**
     * The node's range; a node javaparser made without one (its recovery from {@code ();})
     * takes the range of the nearest ancestor that has one.
     */
    static Range range(Node node) {
        Node at = node;
        while (at != null) {
            if (at.getRange().isPresent()) {
                return at.getRange().get();
            }
            at = at.getParentNode().orElse(null);
        }
        return new Range(new Position(1, 1), new Position(1, 1));
    }

    static Position of(SourceLocation at) {
        return new Position(at.line(), at.column());
    }

    /** The position just before the first character of the file. */
    static Position startOfFile() {
        return new Position(1, 0);
    }

    /** A position after every character of the file. */
    static Position endOfFile() {
        return new Position(Integer.MAX_VALUE, Integer.MAX_VALUE);
    }
}

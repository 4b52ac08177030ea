package lcm.antlr;

import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps character offsets of a text handed to a parser back to positions in a source file.
 * A text may be stitched together from several source lines (continuations), so the map is a
 * list of segments, each a run of characters that sit side by side on one source line.
 */
public final class TextOrigin {

    private record Segment(int offset, int length, SourceLocation start) {
    }

    private final List<Segment> segments;
    private final SourceLocation fallback;

    private TextOrigin(List<Segment> segments, SourceLocation fallback) {
        this.segments = List.copyOf(segments);
        this.fallback = fallback;
    }

    /** A text that starts at {@code start} and lies on one line. */
    public static TextOrigin at(SourceLocation start) {
        return new TextOrigin(List.of(new Segment(0, Integer.MAX_VALUE, start)), start);
    }

    /** A text with no real source (for example a formula typed on the command line). */
    public static TextOrigin synthetic(String name) {
        return at(new SourceLocation(Path.of(name), 1, 1));
    }

    /** The origin of the substring of {@code base}'s text that starts at {@code shift}. */
    public static TextOrigin shifted(TextOrigin base, int shift) {
        if (shift == 0) {
            return base;
        }
        List<Segment> out = new ArrayList<>();
        for (Segment s : base.segments) {
            int end = s.length == Integer.MAX_VALUE ? Integer.MAX_VALUE : s.offset + s.length;
            if (end != Integer.MAX_VALUE && end <= shift) {
                continue;
            }
            if (s.offset >= shift) {
                out.add(new Segment(s.offset - shift, s.length, s.start));
            } else {
                int cut = shift - s.offset;
                int len = s.length == Integer.MAX_VALUE ? Integer.MAX_VALUE : s.length - cut;
                out.add(new Segment(0, len, s.start.plusColumns(cut)));
            }
        }
        if (out.isEmpty()) {
            return at(base.locate(shift));
        }
        return new TextOrigin(out, out.get(0).start);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The source location of the character at {@code offset}. */
    public SourceLocation locate(int offset) {
        Segment best = null;
        for (Segment s : segments) {
            if (s.offset <= offset) {
                best = s;
            } else {
                break;
            }
        }
        if (best == null) {
            return fallback;
        }
        int within = offset - best.offset;
        if (best.length != Integer.MAX_VALUE && within >= best.length && best.length > 0) {
            within = best.length; // past the end of a segment: just after its last character
        }
        return best.start.plusColumns(within);
    }

    public SourceLocation start() {
        return fallback;
    }

    /** Builds the origin of a stitched text, segment by segment. */
    public static final class Builder {
        private final List<Segment> segments = new ArrayList<>();
        private final StringBuilder text = new StringBuilder();

        /** Appends {@code chunk}, which starts at {@code start} in the source. */
        public Builder append(String chunk, SourceLocation start) {
            segments.add(new Segment(text.length(), chunk.length(), start));
            text.append(chunk);
            return this;
        }

        /** Appends text that has no source of its own (a joining blank), located like what precedes it. */
        public Builder appendSynthetic(String chunk) {
            text.append(chunk);
            return this;
        }

        public String text() {
            return text.toString();
        }

        public TextOrigin build() {
            if (segments.isEmpty()) {
                throw new IllegalStateException("no segments");
            }
            return new TextOrigin(segments, segments.get(0).start);
        }
    }
}

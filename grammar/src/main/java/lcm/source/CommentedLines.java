package lcm.source;

import java.util.ArrayList;
import java.util.List;

/**
 * The content lines of a small text file where {@code #} starts a comment (machine files,
 * model files): each line's text without comment and surrounding blanks, and where it starts.
 */
public final class CommentedLines {

    /** One content line: its text and the location of its first character. */
    public record Line(String text, SourceLocation at) {
    }

    private CommentedLines() {
    }

    public static List<Line> of(SourceText text) {
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < text.lines().size(); i++) {
            String raw = text.lines().get(i);
            int hash = raw.indexOf('#');
            String line = hash >= 0 ? raw.substring(0, hash) : raw;
            if (line.isBlank()) {
                continue;
            }
            int lead = line.length() - line.stripLeading().length();
            out.add(new Line(line.strip(), new SourceLocation(text.path(), i + 1, lead + 1)));
        }
        return out;
    }
}

package lcm.annotate;

import java.util.ArrayList;
import java.util.List;

/**
 * An annotation on several lines (docs/annotations.md): a line whose annotation text ends with
 * {@code &} continues on the next annotation line, which may start with {@code &}; the reader
 * joins the pieces with nothing between them. {@link #split} writes an annotation so, breaking at
 * the last blank (between terms) or {@code *} (between factors) that leaves the line within its
 * columns, else anywhere; {@link #of} finds an annotation's lines in a source.
 */
final class ContinuedLines {

    private ContinuedLines() {
    }

    /**
     * {@code leadIn + body} on as many lines as it takes for none to pass column {@code columns};
     * each further line has the same lead-in and a leading {@code &}. One line where it fits.
     */
    static List<String> split(String leadIn, String body, int columns) {
        List<String> out = new ArrayList<>();
        String prefix = leadIn;
        String rest = body;
        while (prefix.length() + rest.length() > columns) {
            int room = Math.max(1, columns - prefix.length() - 2); // (a lead-in of half the line at most leaves room)
            int blank = rest.lastIndexOf(' ', room);
            int times = rest.lastIndexOf('*', room) + 1;
            if (blank > 0 && blank + 1 >= times) {
                // at a blank (between terms): the blank goes, the pieces read as before
                out.add(prefix + rest.substring(0, blank) + " &");
                rest = rest.substring(blank + 1);
                prefix = leadIn + "& ";
            } else if (times > 1) {
                // after a '*' (between factors)
                out.add(prefix + rest.substring(0, times) + " &");
                rest = rest.substring(times);
                prefix = leadIn + "& ";
            } else {
                // no blank and no '*' to break at (a very long name): the pieces join with nothing between them
                out.add(prefix + rest.substring(0, room + 1) + "&");
                rest = rest.substring(room + 1);
                prefix = leadIn + "&";
            }
        }
        out.add(prefix + rest);
        return out;
    }

    /**
     * The lines of the annotation that starts at line {@code first} of {@code source}: that line and
     * every next annotation line while the one before ends with {@code &} (within {@code columns});
     * their numbers are added to {@code numbers}.
     */
    static List<String> of(SourceLines source, int first, int columns, CommentStyle style, List<Integer> numbers) {
        List<String> out = new ArrayList<>();
        int line = first;
        while (true) {
            String text = source.line(line);
            out.add(text);
            if (!numbers.contains(line)) {
                numbers.add(line);
            }
            String read = text.substring(0, Math.min(text.length(), columns)).stripTrailing();
            if (!read.endsWith("&") || line + 1 > source.size() || !style.isAnnotationLine(source.line(line + 1))) {
                return out;
            }
            line++;
        }
    }
}

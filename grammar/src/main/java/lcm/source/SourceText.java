package lcm.source;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.RandomAccess;

/**
 * The text of one source file split into lines (terminators removed), read once. Bytes that
 * are not valid UTF-8 are read as ISO-8859-1 so that no input can make reading fail.
 *
 * <p>The lines are kept as offsets into the text, not as strings: a line is cut out when it is
 * asked for (a program of 680,000 lines kept 55 MiB of line strings alive for the whole run
 * otherwise). A preprocessed text whose lines differ from its text keeps its own list.
 */
public final class SourceText {

    private final Path path;
    private final String text;
    /** Start of each line in {@link #text}, and one past the end of the last (null: {@link #own} holds the lines). */
    private final int[] starts;
    private final int[] ends;
    private final List<String> own;

    /** A text whose lines are {@code lines} (a preprocessor's output may differ from {@code text}). */
    public SourceText(Path path, String text, List<String> lines) {
        this.path = path;
        this.text = text;
        this.own = List.copyOf(lines);
        this.starts = null;
        this.ends = null;
    }

    private SourceText(Path path, String text, int[] starts, int[] ends) {
        this.path = path;
        this.text = text;
        this.own = null;
        this.starts = starts;
        this.ends = ends;
    }

    public Path path() {
        return path;
    }

    public String text() {
        return text;
    }

    /** The lines, each cut from the text when asked for. */
    public List<String> lines() {
        return own != null ? own : new Lines();
    }

    /** Line {@code n} (1-based), cut from the text. */
    private final class Lines extends AbstractList<String> implements RandomAccess {
        @Override
        public String get(int i) {
            return text.substring(starts[i], ends[i]);
        }

        @Override
        public int size() {
            return starts.length;
        }
    }

    @Override
    public String toString() {
        return "SourceText[" + path + ", " + lines().size() + " lines]";
    }

    public static SourceText of(Path path, String text) {
        int len = text.length();
        int[] starts = new int[16];
        int[] ends = new int[16];
        int k = 0;
        int start = 0;
        boolean returns = text.indexOf('\r') >= 0;
        while (start < len) {
            // (indexOf is the fast way through a long text; CR and CR LF end lines too)
            int end = returns ? lineEnd(text, start) : text.indexOf('\n', start);
            if (end < 0) {
                end = len;
            }
            if (k == starts.length) {
                starts = Arrays.copyOf(starts, 2 * k);
                ends = Arrays.copyOf(ends, 2 * k);
            }
            starts[k] = start;
            ends[k++] = end;
            start = end + (end + 1 < len && text.charAt(end) == '\r' && text.charAt(end + 1) == '\n' ? 2 : 1);
        }
        return new SourceText(path, text, Arrays.copyOf(starts, k), Arrays.copyOf(ends, k));
    }

    /** The index of the first CR or LF at or after {@code from}, or -1. */
    private static int lineEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return i;
            }
        }
        return -1;
    }

    /** Reads a file; a missing or unreadable file is a located user error at the command line. */
    public static SourceText read(Path path) {
        return of(path, InputFile.text(path, MAX_BYTES, "a file it reads whole"));
    }

    /** The largest file read whole (a source, a CSV or Extra-P file): {@value} bytes, 1 GiB. */
    public static final long MAX_BYTES = 1L << 30;

    public static String decode(byte[] bytes) {
        var decoder = StandardCharsets.UTF_8.newDecoder();
        try {
            return decoder.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    /** Line {@code n} (1-based), or empty past the end. */
    public Optional<String> line(int n) {
        List<String> lines = lines();
        return n >= 1 && n <= lines.size() ? Optional.of(lines.get(n - 1)) : Optional.empty();
    }
}

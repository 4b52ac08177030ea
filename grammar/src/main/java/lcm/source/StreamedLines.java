package lcm.source;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The lines of a text file one at a time, for a reader that may stop early (after its first
 * {@value Diagnostics#LISTED} errors) or need not hold the file: a file of 200 MB of bad lines is
 * answered after its first hundred lines instead of after reading it whole. The lines a
 * diagnostic points at are {@linkplain #keep() kept} to be shown with it; any other line is read
 * again from the file when a diagnostic shows it. Line ends and the UTF-8 byte order mark are
 * {@link ByteLines}'; each line is decoded as {@link SourceText#decode} decodes a file.
 *
 * <pre>{@code
 * StreamedLines.read(file, sources, lines -> { while (lines.next()) use(lines.number(), lines.line()); return ...; });
 * }</pre>
 */
public final class StreamedLines {

    private final Path path;
    private final FileChannel channel;  // null: the lines of a text already read
    private final ByteLines bytes;
    private final List<String> known;   // the text's lines, or null
    private final Map<Integer, String> kept;
    private int number;
    private String line;

    private StreamedLines(Path path, FileChannel channel, List<String> known, Map<Integer, String> kept) {
        this.path = path;
        this.channel = channel;
        this.bytes = channel == null ? null : new ByteLines(path, channel, 0, 1 << 16);
        this.known = known;
        this.kept = kept;
    }

    /**
     * Streams {@code file} through {@code reader}, registering it with {@code sources} so that
     * diagnostics show its lines; the file is closed when the reader returns.
     */
    public static <T> T read(Path file, SourceRegistry sources, Function<StreamedLines, T> reader) {
        Map<Integer, String> kept = new ConcurrentHashMap<>();
        sources.provide(file, n -> kept.containsKey(n) ? Optional.of(kept.get(n)) : lineAt(file, n));
        try (FileChannel channel = ByteLines.open(file)) {
            return reader.apply(new StreamedLines(file, channel, null, kept));
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
    }

    /** The lines of a text already read (and registered where its diagnostics are shown). */
    public static StreamedLines of(SourceText text) {
        return new StreamedLines(text.path(), null, text.lines(), new HashMap<>());
    }

    public Path path() {
        return path;
    }

    /** Advances to the next line; false at the end of the text. */
    public boolean next() {
        if (bytes == null) {
            if (number >= known.size()) {
                return false;
            }
            line = known.get(number++);
            return true;
        }
        if (!bytes.next()) {
            return false;
        }
        number++;
        line = SourceText.decode(Arrays.copyOfRange(bytes.buffer(), bytes.from(), bytes.to()));
        return true;
    }

    /** The current line, without its terminator. */
    public String line() {
        return line;
    }

    /** The current line's number, from 1. */
    public int number() {
        return number;
    }

    /** Keeps the current line, for the diagnostics found on it to show it without reading the file again. */
    public void keep() {
        kept.put(number, line);
    }

    /**
     * The number of lines in the whole text; for a stream, the line ends after the current line
     * are counted in the file's bytes (neither decoded nor held, whatever the lines' length). The
     * stream is at its end after it.
     */
    public int count() {
        if (bytes == null) {
            return known.size();
        }
        long n = number;
        boolean inLine = false;   // bytes of an unterminated line seen since the last line end
        boolean afterCr = false;
        byte[] buf = new byte[1 << 16];
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(buf);
        long at = bytes.after();
        try {
            int read;
            while ((read = channel.read(b.clear(), at)) > 0) {
                at += read;
                for (int i = 0; i < read; i++) {
                    byte c = buf[i];
                    if (c > '\r' || c < '\n' || c == 11 || c == 12) {   // neither LF nor CR
                        inLine = true;
                        afterCr = false;
                        continue;
                    }
                    if (c == '\r' || !afterCr) {
                        n++;
                    }
                    inLine = false;
                    afterCr = c == '\r';
                }
            }
        } catch (IOException e) {
            throw UserError.of(path + ": cannot read: " + e.getMessage());
        }
        line = null;
        return (int) Math.min(Integer.MAX_VALUE, inLine ? n + 1 : n);
    }

    /** Line {@code n} of {@code file}, read again (for a diagnostic at a line not kept); empty if it cannot be read. */
    public static Optional<String> lineAt(Path file, int n) {
        try (FileChannel channel = ByteLines.open(file)) {
            ByteLines lines = new ByteLines(file, channel, 0, 1 << 16);
            for (int number = 1; lines.next(); number++) {
                if (number == n) {
                    return Optional.of(SourceText.decode(Arrays.copyOfRange(lines.buffer(), lines.from(), lines.to())));
                }
            }
        } catch (IOException | UserError e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}

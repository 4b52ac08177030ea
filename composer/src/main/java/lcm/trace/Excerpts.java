package lcm.trace;

import lcm.source.Diagnostic;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lines of a streamed trace that diagnostics may need, without reading the file whole:
 * lines kept as text (errors found by a full check), lines whose byte offset is known (task
 * lines), and the line each task's stream is at (a task blocked in a deadlock is blocked at the
 * step it last read). A line is read back from its offset when it is shown.
 */
final class Excerpts {

    /** Where one stream is: the number and byte offset of the line it read last. */
    static final class Cursor {
        int line;
        long offset = -1;

        void at(int number, long where) {
            line = number;
            offset = where;
        }
    }

    private final Path file;
    private final FileChannel channel;
    private final Map<Integer, String> texts = new HashMap<>();
    private final Map<Integer, Long> offsets = new HashMap<>();
    private final List<Cursor> cursors = new ArrayList<>();

    Excerpts(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    synchronized Cursor cursor() {
        Cursor c = new Cursor();
        cursors.add(c);
        return c;
    }

    synchronized void remember(int line, long offset) {
        if (offsets.size() < 100_000) {
            offsets.put(line, offset);
        }
    }

    synchronized void put(int line, String text) {
        texts.put(line, text);
    }

    /** Keeps the lines of {@code diagnostics} whose offsets are known (read now, while the channel is open). */
    void keep(List<Diagnostic> diagnostics) {
        for (Diagnostic d : diagnostics) {
            d.location().ifPresent(at -> line(at.line()).ifPresent(t -> put(at.line(), t)));
        }
    }

    /** Line {@code n}, if it is known or a stream is at it. */
    synchronized Optional<String> line(int n) {
        String t = texts.get(n);
        if (t != null) {
            return Optional.of(t);
        }
        Long offset = offsets.get(n);
        if (offset == null) {
            for (Cursor c : cursors) {
                if (c.line == n && c.offset >= 0) {
                    offset = c.offset;
                    break;
                }
            }
        }
        return offset == null ? Optional.empty() : read(offset);
    }

    private Optional<String> read(long offset) {
        try {
            if (!channel.isOpen()) {
                return Optional.empty();
            }
            ByteBuffer buf = ByteBuffer.allocate(4096);
            channel.read(buf, offset);
            byte[] b = buf.array();
            int end = 0;
            while (end < buf.position() && b[end] != '\n' && b[end] != '\r') {
                end++;
            }
            return Optional.of(new String(b, 0, end, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    Path file() {
        return file;
    }
}

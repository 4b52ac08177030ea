package lcm.trace;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads whole lines of a file from a byte offset, a chunk at a time, and says where the next
 * chunk starts. Opens and closes the file per chunk, so that many tasks can each stream their
 * own part of one file without holding a file handle each.
 */
final class FileChunks {

    /** Lines (terminators removed), the offset where each starts, and the offset after the last. */
    record Chunk(List<String> lines, long[] starts, long next, boolean atEnd) {
    }

    static final int SIZE = 1 << 16;

    private FileChunks() {
    }

    static Chunk read(Path file, long offset) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            int want = SIZE;
            while (true) {
                int n = (int) Math.min(want, Math.max(0, size - offset));
                ByteBuffer buf = ByteBuffer.allocate(n);
                ch.position(offset);
                while (buf.hasRemaining() && ch.read(buf) > 0) {
                    // fill
                }
                byte[] bytes = buf.array();
                int got = buf.position();
                boolean atEnd = offset + got >= size;
                int last = got - 1;
                while (last >= 0 && bytes[last] != '\n') {
                    last--;
                }
                if (last < 0 && !atEnd) {
                    want *= 2; // a line longer than the chunk
                    continue;
                }
                int usable = atEnd ? got : last + 1;
                List<String> lines = new ArrayList<>();
                List<Long> starts = new ArrayList<>();
                int from = 0;
                if (offset == 0 && usable >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB
                        && (bytes[2] & 0xFF) == 0xBF) {
                    from = 3; // a UTF-8 byte order mark is not part of the first line
                }
                for (int i = from; i < usable; i++) {
                    if (bytes[i] == '\n') {
                        lines.add(decode(bytes, from, i));
                        starts.add(offset + from);
                        from = i + 1;
                    }
                }
                if (from < usable) {
                    lines.add(decode(bytes, from, usable));
                    starts.add(offset + from);
                }
                long[] s = new long[starts.size()];
                for (int i = 0; i < s.length; i++) {
                    s[i] = starts.get(i);
                }
                return new Chunk(lines, s, offset + usable, atEnd);
            }
        } catch (NoSuchFileException e) {
            throw UserError.of(file + ": no such file");
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
    }

    private static String decode(byte[] b, int from, int to) {
        int end = to > from && b[to - 1] == '\r' ? to - 1 : to;
        return new String(b, from, end - from, StandardCharsets.UTF_8);
    }
}

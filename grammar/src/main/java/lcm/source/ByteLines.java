package lcm.source;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The lines of a file from a byte offset, read through a buffer of its own with positional
 * reads on a shared channel (so that many tasks can each stream their part of one file). Line
 * ends are LF, CR LF or a lone CR, as in {@link lcm.source.SourceText}; a UTF-8 byte order mark
 * at the start of the file is skipped. After {@link #next()}, the line is
 * {@code buffer()[from(), to())}, without its terminator, and starts at file offset
 * {@link #offset()}; {@link #after()} is the offset of the next line. Used by the streamed
 * readers of large files (traces, pp measurements).
 */
public final class ByteLines {

    /** A line longer than this is an error (the buffer would grow without bound). */
    public static final int MAX_LINE = 1 << 20;

    private final Path file;
    private final FileChannel channel;
    private byte[] buf;
    private long bufStart;   // file offset of buf[0]
    private int limit;       // valid bytes in buf
    private int pos;         // next unread byte
    private boolean eof;
    private int from;
    private int to;
    private long offset;

    public ByteLines(Path file, FileChannel channel, long start, int bufferSize) {
        this.file = file;
        this.channel = channel;
        this.buf = new byte[bufferSize];
        this.bufStart = start;
        if (start == 0) {
            fill();
            if (limit >= 3 && (buf[0] & 0xFF) == 0xEF && (buf[1] & 0xFF) == 0xBB && (buf[2] & 0xFF) == 0xBF) {
                pos = 3;
            }
        }
    }

    public static FileChannel open(Path file) {
        InputFile.check(file);
        try {
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw UserError.of(file + ": no such file");
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long LFS = 0x0A0A0A0A0A0A0A0AL;
    private static final long CRS = 0x0D0D0D0D0D0D0D0DL;

    /** The first index from {@code i} whose byte is LF or CR, 8 bytes at a time; {@code limit} if none before it. */
    private int lineEnd(int i) {
        while (i + 8 <= limit) {
            long w = (long) LONGS.get(buf, i);
            long lf = w ^ LFS;
            long cr = w ^ CRS;
            long hit = ((lf - ONES) & ~lf | (cr - ONES) & ~cr) & HIGHS;
            if (hit != 0) {
                return i + (Long.numberOfTrailingZeros(hit) >>> 3); // the lowest flagged byte is a true match
            }
            i += 8;
        }
        while (i < limit && buf[i] != '\n' && buf[i] != '\r') {
            i++;
        }
        return i;
    }

    /** Advances to the next line; false at the end of the file. */
    public boolean next() {
        int i = pos;
        while (true) {
            i = lineEnd(i);
            while (i < limit) {
                byte c = buf[i];
                if (c == '\n' || c == '\r') {
                    if (c == '\r' && i + 1 == limit && !eof) {
                        i = refill(i);
                        continue;
                    }
                    from = pos;
                    to = i;
                    offset = bufStart + pos;
                    pos = c == '\r' && i + 1 < limit && buf[i + 1] == '\n' ? i + 2 : i + 1;
                    return true;
                }
                i++;
            }
            if (eof) {
                if (pos == limit) {
                    return false;
                }
                from = pos;
                to = limit;
                offset = bufStart + pos;
                pos = limit;
                return true;
            }
            i = refill(i);
        }
    }

    /** Moves the unread bytes to the front and reads more; returns {@code i} in the moved buffer. */
    private int refill(int i) {
        int keep = limit - pos;
        if (keep >= buf.length) {
            if (buf.length >= MAX_LINE) {
                throw UserError.of(file + ": a line at byte " + (bufStart + pos) + " is longer than " + MAX_LINE + " bytes");
            }
            byte[] bigger = new byte[Math.min(MAX_LINE, buf.length * 2)];
            System.arraycopy(buf, pos, bigger, 0, keep);
            buf = bigger;
        } else {
            System.arraycopy(buf, pos, buf, 0, keep);
        }
        bufStart += pos;
        int moved = i - pos;
        pos = 0;
        limit = keep;
        fill();
        return moved;
    }

    private void fill() {
        try {
            while (limit < buf.length) {
                int n = channel.read(ByteBuffer.wrap(buf, limit, buf.length - limit), bufStart + limit);
                if (n < 0) {
                    eof = true;
                    return;
                }
                if (n == 0) {
                    return;
                }
                limit += n;
            }
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
    }

    public byte[] buffer() {
        return buf;
    }

    public int from() {
        return from;
    }

    public int to() {
        return to;
    }

    public long offset() {
        return offset;
    }

    public long after() {
        return bufStart + pos;
    }

    public String text() {
        return new String(buf, from, to - from, StandardCharsets.UTF_8);
    }
}

package lcm.trace;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The critical-path back chains, written out instead of kept as objects. Each task knows only
 * the id of the hop through which the longest path into its current event entered it (its
 * start, or a wait, receive or barrier whose time another task set); a hop records the event
 * it entered by, the releasing event on the other task, that task's hop id at the time, and
 * the work that task did on the path since its own hop. Hops are appended to this log and
 * never read during the run; at the end the path is walked back from the last task's hop.
 * Memory: the engine holds a long per task and per open token. The log stays in memory up to
 * {@link #IN_MEMORY} bytes and then continues in a temporary file, deleted when the JVM exits
 * or {@link #close()} is called.
 *
 * <p>Record (about 40 bytes for a typical hop): its length (int), task (varint), the entry
 * and from kinds (a byte: 0 for none, else ordinal + 1, entry low), flags (from name equal to
 * the entry's, from time equal to the entry's, no from), entry time (double), from time (double,
 * unless equal), this id minus the from id (varint, unless none), from task + 1 (varint), entry
 * name, from name (varint length and UTF-8; the from name omitted when equal), the segment
 * (count, then label id as a varint and seconds). Varints are 7 bits a byte, low first.
 */
final class HopLog implements AutoCloseable {

    static final long NONE = -1;

    /** Bytes kept in memory before the log moves to a temporary file. */
    static final int IN_MEMORY = 8 << 20;

    /** A hop read back. */
    record Record(int task, Step.Kind entryKind, String entryName, double entryTime, long from, int fromTask,
                  Step.Kind fromKind, String fromName, double fromTime, Segment segment) {

        /** How the entry event reads in a path listing ("start" for a task start). */
        String entry() {
            return entryKind == null ? "start" : describe(entryKind, entryName);
        }

        String fromEvent() {
            return describe(fromKind, fromName);
        }

        static String describe(Step.Kind kind, String name) {
            return kind == Step.Kind.MARK ? name : kind.word() + " " + name;
        }
    }

    private static final Step.Kind[] KINDS = Step.Kind.values();
    private static final int MAX_NAME = 4000;

    private byte[] memory = new byte[4096];
    private byte[] scratch = new byte[256];
    private long size;
    private Path file;
    private FileChannel channel;
    private ByteBuffer out;
    private ByteBuffer window;
    private long windowStart = -1;

    long append(int task, Step entry, double entryTime, long from, int fromTask, Step fromStep, double fromTime,
                Segment segment) {
        String entryName = entry == null ? "" : entry.name();
        boolean same = fromStep == null || entry == null || fromStep.name().equals(entry.name());
        boolean sameTime = fromTime == entryTime;
        int k = segment.labels().length;
        int need = 4 + 5 + 2 + 8 + 8 + 10 + 5 + 5 + 3 * entryName.length() + (same ? 0 : 5 + 3 * fromStep.name().length())
                + 5 + 13 * k;
        if (scratch.length < need) {
            scratch = new byte[Math.max(need, 2 * scratch.length)];
        }
        long id = size;
        byte[] b = scratch;
        int p = 4;
        p = varint(b, p, task);
        b[p++] = (byte) ((entry == null ? 0 : entry.kind().ordinal() + 1) | (fromStep == null ? 0 : fromStep.kind().ordinal() + 1) << 4);
        b[p++] = (byte) ((same ? SAME_NAME : 0) | (sameTime ? SAME_TIME : 0) | (from == NONE ? NO_FROM : 0));
        DOUBLES.set(b, p, entryTime);
        p += 8;
        if (!sameTime) {
            DOUBLES.set(b, p, fromTime);
            p += 8;
        }
        if (from != NONE) {
            p = varlong(b, p, id - from);
        }
        p = varint(b, p, fromTask + 1);
        p = name(b, p, entryName);
        if (!same) {
            p = name(b, p, fromStep.name());
        }
        p = varint(b, p, k);
        for (int i = 0; i < k; i++) {
            p = varint(b, p, segment.labels()[i]);
            DOUBLES.set(b, p, segment.seconds()[i]);
            p += 8;
        }
        INTS.set(b, 0, p);
        write(b, p);
        return id;
    }

    private static final int SAME_NAME = 1;
    private static final int SAME_TIME = 2;
    private static final int NO_FROM = 4;
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle DOUBLES = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);

    private static int varint(byte[] b, int p, int v) {
        return varlong(b, p, v & 0xFFFFFFFFL);
    }

    /** {@code v} (not negative) in 7-bit groups, low first; the high bit says another follows. */
    private static int varlong(byte[] b, int p, long v) {
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        return p;
    }

    /** A name as UTF-8 (cut at {@link #MAX_NAME} bytes), after its length; ASCII without a copy. */
    private static int name(byte[] b, int p, String s) {
        int n = s.length();
        boolean ascii = n <= MAX_NAME;
        for (int i = 0; i < n && ascii; i++) {
            ascii = s.charAt(i) < 0x80;
        }
        if (ascii) {
            p = varint(b, p, n);
            for (int i = 0; i < n; i++) {
                b[p++] = (byte) s.charAt(i);
            }
            return p;
        }
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        int len = Math.min(utf8.length, MAX_NAME);
        p = varint(b, p, len);
        System.arraycopy(utf8, 0, b, p, len);
        return p + len;
    }

    private void write(byte[] b, int n) {
        if (channel == null && size + n <= IN_MEMORY) {
            if (size + n > memory.length) {
                memory = Arrays.copyOf(memory, (int) Math.min(IN_MEMORY, Math.max(size + n, 2L * memory.length)));
            }
            System.arraycopy(b, 0, memory, (int) size, n);
            size += n;
            return;
        }
        try {
            if (channel == null) {
                file = Files.createTempFile("lcm-path", ".hops");
                file.toFile().deleteOnExit();
                channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
                out = ByteBuffer.allocate(1 << 16);
                channel.write(ByteBuffer.wrap(memory, 0, (int) size), 0);
                memory = null;
            }
            if (out.remaining() < n) {
                flush();
            }
            if (n > out.capacity()) {
                channel.write(ByteBuffer.wrap(b, 0, n), size);
            } else {
                out.put(b, 0, n);
            }
            size += n;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the critical path's temporary file", e);
        }
    }

    private void flush() throws IOException {
        out.flip();
        long at = size - out.remaining();
        while (out.hasRemaining()) {
            at += channel.write(out, at);
        }
        out.clear();
    }

    /** The hop with id {@code id}. */
    Record read(long id) {
        ByteBuffer b = bytes(id);
        int task = (int) varlong(b);
        int kinds = b.get() & 0xFF;
        int flags = b.get();
        double entryTime = b.getDouble();
        double fromTime = (flags & SAME_TIME) != 0 ? entryTime : b.getDouble();
        long from = (flags & NO_FROM) != 0 ? NONE : id - varlong(b);
        int fromTask = (int) varlong(b) - 1;
        String entryName = string(b, (int) varlong(b));
        String fromName = (flags & SAME_NAME) != 0 ? entryName : string(b, (int) varlong(b));
        int k = (int) varlong(b);
        Segment segment = Segment.EMPTY;
        if (k > 0) {
            int[] labels = new int[k];
            double[] seconds = new double[k];
            for (int i = 0; i < k; i++) {
                labels[i] = (int) varlong(b);
                seconds[i] = b.getDouble();
            }
            segment = new Segment(labels, seconds);
        }
        int entryKind = (kinds & 0xF) - 1;
        int fromKind = (kinds >>> 4) - 1;
        return new Record(task, entryKind < 0 ? null : KINDS[entryKind], entryName, entryTime, from, fromTask,
                fromKind < 0 ? null : KINDS[fromKind], fromName, fromTime, segment);
    }

    private static long varlong(ByteBuffer b) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            byte x = b.get();
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                return v;
            }
        }
    }

    private static String string(ByteBuffer b, int n) {
        String s = new String(b.array(), b.arrayOffset() + b.position(), n, StandardCharsets.UTF_8);
        b.position(b.position() + n);
        return s;
    }

    /** The record at {@code id}, positioned after its length. */
    private ByteBuffer bytes(long id) {
        if (channel == null) {
            int length = ByteBuffer.wrap(memory, (int) id, 4).getInt();
            return ByteBuffer.wrap(memory, (int) id + 4, length - 4).slice();
        }
        try {
            if (out.position() > 0) {
                flush();
            }
            if (window == null) {
                window = ByteBuffer.allocate(4096);
            }
            int length = readAt(id, 4).getInt();
            return readAt(id + 4, length - 4);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the critical path's temporary file", e);
        }
    }

    /** {@code n} bytes at {@code at}, through a window that follows the reads. */
    private ByteBuffer readAt(long at, int n) throws IOException {
        if (windowStart < 0 || at < windowStart || at + n > windowStart + window.limit()) {
            if (n > window.capacity()) {
                window = ByteBuffer.allocate(n);
            }
            window.clear();
            long start = at;
            while (window.hasRemaining() && channel.read(window, start + window.position()) > 0) {
                // fill
            }
            window.flip();
            windowStart = start;
        }
        return ByteBuffer.wrap(window.array(), (int) (at - windowStart), n).slice();
    }

    /** Bytes written: the log's size. */
    long size() {
        return size;
    }

    @Override
    public void close() {
        try {
            if (channel != null) {
                channel.close();
                Files.deleteIfExists(file);
            }
        } catch (IOException ignored) {
            // a temporary file; deleted on exit anyway
        }
    }
}

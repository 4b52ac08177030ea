package lcm.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
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
 * <p>Record: task (int), entry kind (byte, -1 for a start), entry time (double), from id (long,
 * -1 for none), from task (int), from kind (byte), from time (double), entry name, from name
 * (UTF-8, length-prefixed; the from name is omitted when equal to the entry's), the segment
 * (count, then label id and seconds).
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
    private ByteBuffer scratch = ByteBuffer.allocate(256);
    private long size;
    private Path file;
    private FileChannel channel;
    private ByteBuffer out;
    private ByteBuffer window;
    private long windowStart = -1;

    long append(int task, Step entry, double entryTime, long from, int fromTask, Step fromStep, double fromTime,
                Segment segment) {
        byte[] entryName = entry == null ? new byte[0] : name(entry.name());
        boolean same = fromStep == null || entry == null || fromStep.name().equals(entry.name());
        byte[] fromName = same ? null : name(fromStep.name());
        int need = 4 + 4 + 1 + 8 + 8 + 4 + 1 + 8 + 4 + entryName.length + 4 + (fromName == null ? 0 : fromName.length)
                + 4 + 12 * segment.labels().length;
        if (scratch.capacity() < need) {
            scratch = ByteBuffer.allocate(Math.max(need, 2 * scratch.capacity()));
        }
        ByteBuffer b = scratch.clear();
        b.putInt(need);
        b.putInt(task).put((byte) (entry == null ? -1 : entry.kind().ordinal())).putDouble(entryTime).putLong(from)
                .putInt(fromTask).put((byte) (fromStep == null ? -1 : fromStep.kind().ordinal())).putDouble(fromTime);
        b.putInt(entryName.length).put(entryName);
        b.putInt(fromName == null ? -1 : fromName.length);
        if (fromName != null) {
            b.put(fromName);
        }
        b.putInt(segment.labels().length);
        for (int i = 0; i < segment.labels().length; i++) {
            b.putInt(segment.labels()[i]).putDouble(segment.seconds()[i]);
        }
        long id = size;
        write(b.array(), b.position());
        return id;
    }

    private static byte[] name(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return b.length <= MAX_NAME ? b : Arrays.copyOf(b, MAX_NAME);
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
        int task = b.getInt();
        int entryKind = b.get();
        double entryTime = b.getDouble();
        long from = b.getLong();
        int fromTask = b.getInt();
        int fromKind = b.get();
        double fromTime = b.getDouble();
        String entryName = string(b, b.getInt());
        int fromLength = b.getInt();
        String fromName = fromLength < 0 ? entryName : string(b, fromLength);
        int k = b.getInt();
        Segment segment = Segment.EMPTY;
        if (k > 0) {
            int[] labels = new int[k];
            double[] seconds = new double[k];
            for (int i = 0; i < k; i++) {
                labels[i] = b.getInt();
                seconds[i] = b.getDouble();
            }
            segment = new Segment(labels, seconds);
        }
        return new Record(task, entryKind < 0 ? null : KINDS[entryKind], entryName, entryTime, from, fromTask,
                fromKind < 0 ? null : KINDS[fromKind], fromName, fromTime, segment);
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

package lcm.probe;

import static lcm.probe.agent.EventLogFormat.*;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The Java agent's binary event log (written by lcm.probe.agent.Probe, its format in
 * {@link lcm.probe.agent.EventLogFormat}): chunks of {@code thread id, record
 * count, records}, each record three longs {@code type|state<<8|site<<16, time, exec}; an
 * execution's parent is the one its thread was working for when it opened.
 * Each thread's records are in its own time order; {@link #replay} merges the threads by time
 * and feeds the sweep, reading each thread through a small window of the file, so that memory
 * does not grow with the run's length.
 */
public final class JavaEventLog {

    private static final int WINDOW = 256;

    private JavaEventLog() {
    }

    /** Replays the log in time order into the sweep. */
    public static void replay(Path log, LostCycles sweep) {
        try (FileChannel ch = FileChannel.open(log, StandardOpenOption.READ)) {
            Map<Long, Cursor> threads = new HashMap<>();
            ByteBuffer head = ByteBuffer.allocate(16);
            long pos = 0;
            long size = ch.size();
            while (pos + 16 <= size) {
                head.clear();
                readFully(ch, head, pos);
                head.flip();
                long thread = head.getLong();
                long count = head.getLong();
                if (count < 0 || pos + 16 + count * RECORD > size) {
                    throw UserError.of(log + ": the probe's event log is damaged at byte " + pos);
                }
                threads.computeIfAbsent(thread, t -> new Cursor(ch, t)).chunks.add(new long[] {pos + 16, count});
                pos += 16 + count * RECORD;
            }
            PriorityQueue<Cursor> queue = new PriorityQueue<>((a, b) -> a.time != b.time ? Long.compare(a.time, b.time)
                    : Long.compare(a.thread, b.thread));
            for (Cursor c : threads.values()) {
                if (c.next()) {
                    queue.add(c);
                }
            }
            while (!queue.isEmpty()) {
                Cursor c = queue.poll();
                c.feed(sweep);
                if (c.next()) {
                    queue.add(c);
                }
            }
        } catch (IOException e) {
            throw UserError.of(log + ": cannot read the probe's event log: " + e.getMessage());
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long at) throws IOException {
        long pos = at;
        while (b.hasRemaining()) {
            int n = ch.read(b, pos);
            if (n < 0) {
                throw new IOException("unexpected end of the event log");
            }
            pos += n;
        }
    }

    /** One thread's records, read a window at a time, and its current state. */
    private static final class Cursor {
        final FileChannel ch;
        final long thread;
        final List<long[]> chunks = new ArrayList<>();
        final ByteBuffer window = ByteBuffer.allocate(WINDOW * RECORD);
        int chunk;
        long readInChunk;
        long head;
        long time;
        long exec;
        char state = NONE;
        long stateExec;

        Cursor(FileChannel ch, long thread) {
            this.ch = ch;
            this.thread = thread;
            window.limit(0);
        }

        /** Loads the next record; false at the end of this thread's records. */
        boolean next() throws IOException {
            if (!window.hasRemaining()) {
                while (chunk < chunks.size() && readInChunk == chunks.get(chunk)[1]) {
                    chunk++;
                    readInChunk = 0;
                }
                if (chunk == chunks.size()) {
                    return false;
                }
                long[] c = chunks.get(chunk);
                long n = Math.min(WINDOW, c[1] - readInChunk);
                window.clear();
                window.limit((int) n * RECORD);
                readFully(ch, window, c[0] + readInChunk * RECORD);
                window.flip();
                readInChunk += n;
            }
            head = window.getLong();
            time = window.getLong();
            exec = window.getLong();
            return true;
        }

        void feed(LostCycles sweep) {
            int type = (int) (head & 0xff);
            char s = (char) ((head >>> 8) & 0xff);
            int site = (int) (head >>> 16);
            switch (type) {
                case OPEN -> {
                    sweep.open(time, exec, site, state == NONE ? 0 : stateExec);
                    change(sweep, BUSY, exec);
                }
                case CLOSE -> sweep.close(time, exec);
                case PHASE_BEGIN -> sweep.phase(time, exec, 1);
                case PHASE_END -> sweep.phase(time, exec, -1);
                case STATE -> change(sweep, s, exec);
                default -> throw UserError.of("the probe's event log has an unknown record type " + type);
            }
        }

        private void change(LostCycles sweep, char to, long toExec) {
            if (state != NONE) {
                sweep.thread(time, state, stateExec, -1, thread);
            }
            state = to;
            stateExec = toExec;
            if (state != NONE) {
                sweep.thread(time, state, stateExec, 1, thread);
            }
        }
    }
}

package lcm.probe.agent;

import static lcm.probe.agent.EventLogFormat.*;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The runtime half of the Java agent: the static methods the instrumented code calls. Each
 * thread keeps a stack of frames (a fragment execution it runs, a task of one it runs, or, on the
 * main thread, main's code outside every fragment) and writes its transitions as fixed records
 * into a buffer of its own, which it appends to the event log when full (so a run of millions of
 * executions needs no more memory than one buffer per thread). At the JVM's exit the buffers left
 * are appended and a small text header names the sites; lcm measure replays the log
 * ({@code lcm.probe.JavaEventLog}) in time order into its accounting.
 *
 * <p>Records, three longs each: {@code type|state<<8|site<<16, time, exec}; types {@link EventLogFormat#OPEN}
 * (a fragment execution begins on this thread, which is now busy in it; its parent is the
 * execution the thread was working for), {@link EventLogFormat#CLOSE}, {@link EventLogFormat#PHASE_BEGIN}/{@link EventLogFormat#PHASE_END}
 * (a parallel construct called by the execution: parallel work exists), {@link EventLogFormat#STATE} (the
 * thread now is in state {@code state} for execution {@code exec}). A chunk of the log is
 * {@code thread id, record count, records...}.
 */
public final class Probe {



    /** Frame sites below 0: a task frame, and main's frame outside every fragment. */
    private static final int TASK_FRAME = -1;
    private static final int OUTSIDE_FRAME = -2;

    private static final AtomicLong NEXT_EXEC = new AtomicLong(1);
    private static final AtomicLong NEXT_THREAD = new AtomicLong(0);
    private static final List<ThreadLog> LOGS = new ArrayList<>();
    /** Open executions per site, most recent last: where a task of that site's code belongs. */
    private static final Map<Integer, Deque<Long>> OPEN_EXECS = new ConcurrentHashMap<>();
    private static final ThreadLocal<ThreadLog> LOG = ThreadLocal.withInitial(Probe::newLog);
    /** The fragment chains exception handlers restore (registered by the transformer). */
    private static final List<int[]> CHAINS = new ArrayList<>();
    private static final Object FILE_LOCK = new Object();

    private static volatile String[] siteTags = new String[0];
    private static volatile FileChannel channel;
    private static volatile boolean closed;
    private static final AtomicLong MAIN_BEGIN = new AtomicLong();
    private static final AtomicLong MAIN_END = new AtomicLong();

    private Probe() {
    }

    static void start(String[] tags, Path header, Path log) throws IOException {
        siteTags = tags.clone();
        // the probe's own first use (its classes loaded, the deques' made) happens here, before
        // the program runs, not in the first fragment execution it measures
        for (int s = 0; s < tags.length; s++) {
            OPEN_EXECS.put(s, new ConcurrentLinkedDeque<>());
        }
        Deque<Long> warm = new ConcurrentLinkedDeque<>();
        warm.addLast(0L);
        warm.peekLast();
        warm.remove(0L);
        new ThreadLog(-1).push(0, OUTSIDE_FRAME, OUTSIDE, System.nanoTime());
        channel = FileChannel.open(log, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> finish(header), "lcm-probe-writer"));
    }

    /** A chain of fragment sites (outermost first) an exception handler restores; its number. */
    static int registerChain(int[] sites) {
        synchronized (CHAINS) {
            for (int i = 0; i < CHAINS.size(); i++) {
                if (Arrays.equals(CHAINS.get(i), sites)) {
                    return i;
                }
            }
            CHAINS.add(sites.clone());
            return CHAINS.size() - 1;
        }
    }

    private static ThreadLog newLog() {
        ThreadLog log = new ThreadLog(NEXT_THREAD.getAndIncrement());
        synchronized (LOGS) {
            LOGS.add(log);
        }
        return log;
    }

    // ---- called by instrumented code ----

    /**
     * A {@code main(String[])} of the measured sources begins: the measured region starts here
     * (what ran before, class initialization, is not measured), and this thread's time outside
     * every fragment is main's own, counted as time outside the fragments.
     */
    public static void mainBegin() {
        long now = System.nanoTime();
        if (MAIN_BEGIN.compareAndSet(0, now)) {
            ThreadLog log = LOG.get();
            log.push(0, OUTSIDE_FRAME, OUTSIDE, now);
        }
    }

    /** The first main returns or throws: its thread leaves the program's own code. */
    public static void mainEnd() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top != null && top.site == OUTSIDE_FRAME) {
            long now = System.nanoTime();
            MAIN_END.compareAndSet(0, now);
            log.pop(now);
        }
    }

    /** The frames on this thread's stack: a method with fragments keeps it to unwind to. */
    public static int depth() {
        return LOG.get().depth;
    }

    /**
     * A fragment execution begins (its first line, or a jump into its lines). The clock is read
     * after the bookkeeping (a new thread's log made, the execution registered for its tasks), so
     * that the probe's own time is before the execution, not in it.
     */
    public static void enter(int site) {
        ThreadLog log = LOG.get();
        long exec = NEXT_EXEC.getAndIncrement();
        Deque<Long> open = OPEN_EXECS.get(site); // made at start: no lambda linked here
        if (open == null) {
            open = OPEN_EXECS.computeIfAbsent(site, s -> new ConcurrentLinkedDeque<>());
        }
        open.addLast(exec);
        long now = System.nanoTime();
        log.record(OPEN, NONE, site, now, exec);
        log.opened(exec);
        log.push(exec, site, BUSY, now);
    }

    /** The innermost fragment execution of this thread ends (its code is left by any way but an exception). */
    public static void exit() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top == null || top.site < 0) {
            return;
        }
        close(log, System.nanoTime());
    }

    /** An exception leaves a method: its fragments (the frames above base) end. */
    public static void unwind(int base) {
        ThreadLog log = LOG.get();
        long now = System.nanoTime();
        while (log.depth > base) {
            if (log.top().site >= 0) {
                close(log, now);
            } else {
                log.pop(now);
            }
        }
    }

    /**
     * An exception handler of a method with fragments begins: the frames above base are cut back
     * to the handler's own chain of fragments (those it is inside of), and the ones missing
     * entered; a wait or parallel construct the exception left is ended.
     */
    public static void handler(int base, int chain) {
        int[] sites;
        synchronized (CHAINS) {
            sites = CHAINS.get(chain);
        }
        ThreadLog log = LOG.get();
        long now = System.nanoTime();
        int keep = 0;
        while (base + keep < log.depth && keep < sites.length && log.frames[base + keep].site == sites[keep]) {
            keep++;
        }
        while (log.depth > base + keep) {
            if (log.top().site >= 0) {
                close(log, now);
            } else {
                log.pop(now);
            }
        }
        recover();
        for (int i = keep; i < sites.length; i++) {
            enter(sites[i]);
        }
    }

    /** An exception handler begins where a wait or a parallel construct of this frame may have thrown. */
    public static void recover() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top == null || !top.parallel && top.waitDepth == 0) {
            return;
        }
        long now = System.nanoTime();
        if (top.parallel) {
            log.record(PHASE_END, NONE, 0, now, top.exec);
            top.parallel = false;
        }
        top.waitDepth = 0;
        log.state(now);
    }

    private static void close(ThreadLog log, long now) {
        ThreadLog.Frame f = log.top();
        if (f.parallel) {
            log.record(PHASE_END, NONE, 0, now, f.exec);
            f.parallel = false;
        }
        long exec = f.exec;
        int site = f.site;
        log.pop(now);
        log.record(CLOSE, NONE, site, now, exec);
        Deque<Long> open = OPEN_EXECS.get(site);
        if (open != null) {
            open.remove(exec);
        }
    }

    /** A parallel construct (stream terminal operation, invokeAll, ...) called in a fragment begins. */
    public static void parallelBegin() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top == null || top.exec == 0 || top.parallel) {
            return;
        }
        long now = System.nanoTime();
        top.parallel = true;
        log.record(PHASE_BEGIN, NONE, 0, now, top.exec);
        log.state(now);
    }

    public static void parallelEnd() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top == null || !top.parallel) {
            return;
        }
        long now = System.nanoTime();
        top.parallel = false;
        log.record(PHASE_END, NONE, 0, now, top.exec);
        log.state(now);
    }

    /** A task (lambda or run method) written inside a fragment begins on this thread. */
    public static void taskBegin(int site) {
        ThreadLog log = LOG.get(); // a new thread's log is made before its task's time begins
        long now = System.nanoTime();
        long exec = 0;
        for (int i = log.depth - 1; i >= 0 && exec == 0; i--) {
            if (log.frames[i].site == site) {
                exec = log.frames[i].exec; // run by the thread of its own execution (a stream's caller)
            } else if (log.frames[i].site != TASK_FRAME) {
                break;
            }
        }
        if (exec == 0) {
            Deque<Long> open = OPEN_EXECS.get(site);
            Long last = open == null ? null : open.peekLast();
            exec = last == null ? 0 : last;
        }
        log.push(exec, TASK_FRAME, exec == 0 ? NONE : TASK, now);
    }

    public static void taskEnd() {
        ThreadLog log = LOG.get();
        if (log.depth > 0 && log.top().site == TASK_FRAME) {
            log.pop(System.nanoTime());
        }
    }

    /** A wait (join, lock, monitor, park, barrier, latch, ...) begins. */
    public static void waitBegin() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top != null && ++top.waitDepth == 1) {
            log.state(System.nanoTime());
        }
    }

    public static void waitEnd() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top != null && top.waitDepth > 0 && --top.waitDepth == 0) {
            log.state(System.nanoTime());
        }
    }

    // ---- output ----

    private static void finish(Path header) {
        closed = true;
        List<ThreadLog> logs;
        synchronized (LOGS) {
            logs = new ArrayList<>(LOGS);
        }
        for (ThreadLog log : logs) {
            log.flush(true);
        }
        try {
            channel.close();
        } catch (IOException e) {
            System.err.println("lcm probe: cannot write the event log: " + e.getMessage());
        }
        StringBuilder b = new StringBuilder();
        b.append("# lcm-probe runtime=java clock=nanotime format=records threads=").append(NEXT_THREAD.get())
                .append(" processors=").append(Runtime.getRuntime().availableProcessors())
                .append(" cpu-ns=").append(processCpu()).append(" main-ns=").append(MAIN_BEGIN.get())
                .append(" main-end-ns=").append(MAIN_END.get()).append('\n');
        String[] tags = siteTags;
        for (int s = 0; s < tags.length; s++) {
            b.append("S ").append(s).append(" tag ").append(tags[s]).append('\n');
        }
        b.append("# end\n");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(header))) {
            w.write(b.toString());
        } catch (IOException e) {
            System.err.println("lcm probe: cannot write " + header + ": " + e.getMessage());
        }
    }

    private static long processCpu() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return -1;
    }

    /** One thread's frame stack and its buffer of records. */
    static final class ThreadLog {

        static final int RECORD = EventLogFormat.RECORD;
        private static final int MAX_BYTES = 256 * 1024;

        static final class Frame {
            long exec;
            int site;
            char kind;
            int waitDepth;
            boolean parallel;
        }

        private final long thread;
        Frame[] frames = new Frame[8];
        int depth;
        private ByteBuffer buf = ByteBuffer.allocate(64 * RECORD);
        private char lastState = NONE;
        private long lastExec;

        ThreadLog(long thread) {
            this.thread = thread;
            for (int i = 0; i < frames.length; i++) {
                frames[i] = new Frame();
            }
        }

        Frame top() {
            return depth == 0 ? null : frames[depth - 1];
        }

        void push(long exec, int site, char kind, long now) {
            if (depth == frames.length) {
                frames = Arrays.copyOf(frames, 2 * depth);
                for (int i = depth; i < frames.length; i++) {
                    frames[i] = new Frame();
                }
            }
            Frame f = frames[depth++];
            f.exec = exec;
            f.site = site;
            f.kind = kind;
            f.waitDepth = 0;
            f.parallel = false;
            state(now);
        }

        void pop(long now) {
            depth--;
            state(now);
        }

        /** Records the thread's state if it changed: that of its top frame, or none. */
        void state(long now) {
            char s = NONE;
            long exec = 0;
            Frame f = top();
            if (f != null) {
                exec = f.exec;
                if (f.waitDepth > 0) {
                    s = f.exec == 0 ? NONE : f.kind == TASK ? TASK_WAIT : WAIT;
                } else if (f.parallel) {
                    s = NONE;
                } else {
                    s = f.kind;
                }
            }
            if (s == NONE) {
                exec = 0;
            }
            if (s != lastState || exec != lastExec) {
                lastState = s;
                lastExec = exec;
                record(STATE, s, 0, now, exec);
            }
        }

        /** An OPEN record says the thread is now busy in the execution: no state record follows. */
        void opened(long exec) {
            lastState = BUSY;
            lastExec = exec;
        }

        void record(int type, char state, int site, long time, long exec) {
            if (buf.remaining() < RECORD) {
                if (buf.capacity() < MAX_BYTES) {
                    ByteBuffer bigger = ByteBuffer.allocate(2 * buf.capacity());
                    buf.flip();
                    bigger.put(buf);
                    buf = bigger;
                } else {
                    flush(false);
                }
            }
            buf.putLong(type | (long) state << 8 | (long) site << 16);
            buf.putLong(time);
            buf.putLong(exec);
        }

        /** Appends the buffer to the log as one chunk (at the end: once more, then never again). */
        synchronized void flush(boolean last) {
            if (buf.position() > 0 && channel != null && (last || !closed)) {
                ByteBuffer head = ByteBuffer.allocate(16);
                head.putLong(thread).putLong(buf.position() / RECORD).flip();
                buf.flip();
                synchronized (FILE_LOCK) {
                    try {
                        while (head.hasRemaining()) {
                            channel.write(head);
                        }
                        while (buf.hasRemaining()) {
                            channel.write(buf);
                        }
                    } catch (IOException e) {
                        System.err.println("lcm probe: cannot write the event log: " + e.getMessage());
                    }
                }
            }
            buf.clear();
        }
    }
}

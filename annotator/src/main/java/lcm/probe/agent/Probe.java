package lcm.probe.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The runtime half of the Java agent: the static methods the instrumented code calls. Each
 * thread keeps a stack of states (the fragment execution it works for, and whether it is busy in
 * the fragment's own code, busy in one of its tasks, or waiting) and a buffer of closed intervals;
 * nothing is shared on the hot path but the table of open executions. At the JVM's exit the
 * intervals are written as a probe event file (format: lcm.probe.ProbeEvents), which lcm measure
 * turns into lost-cycle categories.
 */
public final class Probe {

    /** Interval kinds, as written to the event file. */
    static final char SERIAL = 'B';
    static final char TASK = 'T';
    static final char WAIT = 'W';
    static final char TASK_WAIT = 'X';
    static final char IDLE = 0;

    private static final AtomicLong NEXT_EXEC = new AtomicLong(1);
    private static final AtomicLong NEXT_THREAD = new AtomicLong(0);
    private static final List<ThreadLog> LOGS = new ArrayList<>();
    private static final List<long[]> EXECS = new ArrayList<>();
    private static final List<long[]> PHASES = new ArrayList<>();
    /** Open executions per site, most recent last: where a task of that site's code belongs. */
    private static final Map<Integer, Deque<Long>> OPEN = new ConcurrentHashMap<>();
    private static final ThreadLocal<ThreadLog> LOG = ThreadLocal.withInitial(Probe::newLog);

    private static volatile String[] siteTags = new String[0];
    /** When a main method of the measured sources first began (0: not yet): the measured region starts there. */
    private static final AtomicLong MAIN_BEGIN = new AtomicLong();

    private Probe() {
    }

    static void start(String[] tags, Path out) {
        siteTags = tags.clone();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> write(out), "lcm-probe-writer"));
    }

    private static ThreadLog newLog() {
        ThreadLog log = new ThreadLog(NEXT_THREAD.getAndIncrement());
        synchronized (LOGS) {
            LOGS.add(log);
        }
        return log;
    }

    // ---- called by instrumented code ----

    /** A {@code main(String[])} of the measured sources begins: what ran before (class initialization) is not measured. */
    public static void mainBegin() {
        MAIN_BEGIN.compareAndSet(0, System.nanoTime());
    }

    /** A fragment's method begins. */
    public static void enter(int site) {
        long exec = NEXT_EXEC.getAndIncrement();
        long now = System.nanoTime();
        ThreadLog log = LOG.get();
        log.push(exec, SERIAL, now, site);
        OPEN.computeIfAbsent(site, s -> new ConcurrentLinkedDeque<>()).addLast(exec);
    }

    /** A fragment's method returns or throws. */
    public static void exit() {
        long now = System.nanoTime();
        ThreadLog log = LOG.get();
        ThreadLog.Frame f = log.pop(now);
        if (f == null || f.site < 0) {
            return;
        }
        Deque<Long> open = OPEN.get(f.site);
        if (open != null) {
            open.remove(f.exec);
        }
        synchronized (EXECS) {
            EXECS.add(new long[] {f.exec, f.site, f.begin, now});
        }
    }

    /** A parallel construct (stream terminal operation, invokeAll, ...) called by a fragment begins. */
    public static void parallelBegin() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top == null) {
            return;
        }
        long now = System.nanoTime();
        log.change(IDLE, now);
        top.parallelSince = now;
    }

    public static void parallelEnd() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top == null || top.parallelSince < 0) {
            return;
        }
        long now = System.nanoTime();
        synchronized (PHASES) {
            PHASES.add(new long[] {top.exec, top.parallelSince, now});
        }
        top.parallelSince = -1;
        log.change(top.task ? TASK : SERIAL, now);
    }

    /** A task (lambda or run method) written inside a fragment begins on this thread. */
    public static void taskBegin(int site) {
        long now = System.nanoTime();
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        long exec;
        if (top != null && top.site == site) {
            exec = top.exec;
        } else {
            Deque<Long> open = OPEN.get(site);
            Long last = open == null ? null : open.peekLast();
            exec = last == null ? 0 : last;
        }
        log.push(exec, TASK, now, -1);
        log.top().task = true;
    }

    public static void taskEnd() {
        LOG.get().pop(System.nanoTime());
    }

    /** A wait (join, lock, monitor, park, barrier, latch, ...) begins. */
    public static void waitBegin() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top != null) {
            top.waitDepth++;
            if (top.waitDepth == 1) {
                top.kindBeforeWait = top.kind;
                log.change(top.task ? TASK_WAIT : WAIT, System.nanoTime());
            }
        }
    }

    public static void waitEnd() {
        ThreadLog log = LOG.get();
        ThreadLog.Frame top = log.top();
        if (top != null && top.waitDepth > 0) {
            top.waitDepth--;
            if (top.waitDepth == 0) {
                log.change(top.kindBeforeWait, System.nanoTime());
            }
        }
    }

    // ---- output ----

    private static void write(Path out) {
        StringBuilder b = new StringBuilder(1 << 16);
        b.append("# lcm-probe runtime=java clock=nanotime threads=").append(NEXT_THREAD.get())
                .append(" processors=").append(Runtime.getRuntime().availableProcessors())
                .append(" cpu-ns=").append(processCpu()).append(" main-ns=").append(MAIN_BEGIN.get()).append('\n');
        String[] tags = siteTags;
        for (int s = 0; s < tags.length; s++) {
            b.append("S ").append(s).append(" tag ").append(tags[s]).append('\n');
        }
        synchronized (EXECS) {
            for (long[] e : EXECS) {
                b.append("E ").append(e[0]).append(' ').append(e[1]).append(' ').append(e[2]).append(' ')
                        .append(e[3]).append(" 0\n");
            }
        }
        synchronized (PHASES) {
            for (long[] ph : PHASES) {
                b.append("P ").append(ph[0]).append(' ').append(ph[1]).append(' ').append(ph[2]).append('\n');
            }
        }
        synchronized (LOGS) {
            for (ThreadLog log : LOGS) {
                log.appendTo(b);
            }
        }
        b.append("# end\n");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
            w.write(b.toString());
        } catch (IOException e) {
            System.err.println("lcm probe: cannot write " + out + ": " + e.getMessage());
        }
    }

    private static long processCpu() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return -1;
    }

    /** One thread's state stack and closed intervals. */
    static final class ThreadLog {

        static final class Frame {
            final long exec;
            final int site;
            final long begin;
            char kind;
            long since;
            boolean task;
            int waitDepth;
            char kindBeforeWait;
            long parallelSince = -1;

            Frame(long exec, int site, char kind, long now) {
                this.exec = exec;
                this.site = site;
                this.begin = now;
                this.kind = kind;
                this.since = now;
            }
        }

        private final long thread;
        private final Deque<Frame> stack = new ArrayDeque<>();
        private long[] iv = new long[4 * 1024];
        private char[] kinds = new char[1024];
        private int n;

        ThreadLog(long thread) {
            this.thread = thread;
        }

        Frame top() {
            return stack.peekLast();
        }

        void push(long exec, char kind, long now, int site) {
            Frame top = stack.peekLast();
            if (top != null) {
                close(top, now);
                top.since = now;
            }
            stack.addLast(new Frame(exec, site, kind, now));
        }

        Frame pop(long now) {
            Frame f = stack.pollLast();
            if (f == null) {
                return null;
            }
            close(f, now);
            Frame below = stack.peekLast();
            if (below != null) {
                below.since = now;
            }
            return f;
        }

        void change(char kind, long now) {
            Frame f = stack.peekLast();
            close(f, now);
            f.kind = kind;
            f.since = now;
        }

        private void close(Frame f, long now) {
            if (f.kind == IDLE || f.exec == 0 || now <= f.since) {
                return;
            }
            if (n > 0 && kinds[n - 1] == f.kind && iv[3 * (n - 1)] == f.exec && f.since - iv[3 * (n - 1) + 2] < 2000) {
                iv[3 * (n - 1) + 2] = now; // touches the previous interval: extend it
                return;
            }
            if (n == kinds.length) {
                kinds = Arrays.copyOf(kinds, 2 * n);
                iv = Arrays.copyOf(iv, 6 * n);
            }
            kinds[n] = f.kind;
            iv[3 * n] = f.exec;
            iv[3 * n + 1] = f.since;
            iv[3 * n + 2] = now;
            n++;
        }

        void appendTo(StringBuilder b) {
            for (int i = 0; i < n; i++) {
                b.append(kinds[i]).append(' ').append(iv[3 * i]).append(' ').append(thread).append(' ')
                        .append(iv[3 * i + 1]).append(' ').append(iv[3 * i + 2]).append('\n');
            }
        }
    }
}

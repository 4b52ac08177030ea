package lcm.probe;

import lcm.probe.agent.EventLogFormat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.ToDoubleFunction;

/**
 * Turns probe events into lost-cycle categories per fragment execution (docs/measure.md), the
 * thesis' per-processor accounting, in one sweep over the events in time order: the probes'
 * readers ({@link ProbeEvents#replay}, {@link JavaEventLog#replay}) call {@link #open},
 * {@link #close}, {@link #phase} and {@link #thread} with non-decreasing times, and each
 * execution's costs go to a consumer when it closes. Memory holds the open executions only.
 *
 * <p>Each execution has a <em>width</em>, the processors composition gives its fragment; a
 * fragment nested in another takes its width out of its parent's while it runs (the inner time
 * is counted once, in the inner fragment). In each span between two events: threads busy for an
 * execution add to its pc (if more threads are busy than there are processors, each counts
 * p / that many), threads waiting to its sl as far as processors are left (a waiting thread
 * whose processor runs another thread loses no processor time), and the idle processors fill
 * each execution's width up (its <em>room</em>: width less nested widths, pc and sl) as li while
 * it has unfinished parallel work (Work_Exists: a parallel construct of it running, or tasks of
 * it) and as ip while it has none; where fewer processors are idle than the rooms add up to, in
 * proportion. Outside the fragments, measured on its own: threads busy in no fragment (main's
 * own code), and the processors no fragment's width holds (what composition charges to the
 * fragments' parents: a serial fragment's idle p - 1, a finished task's idle processors).
 *
 * <p>Per execution also each thread's busy time for it (states busy and task, as the thread
 * spent them, not scaled by processors), when the reader names the thread
 * ({@link #thread(long, char, long, int, long)}): at its close the number of threads that
 * worked for it, the mean of their busy times and their standard deviation (the spread behind
 * its load imbalance, docs/fitting.md, "li from its causes"). They are held while the
 * execution is open, one entry per thread that worked for it.
 */
public final class LostCycles {

    /** Thread states of {@link #thread} (one definition, {@link EventLogFormat}): busy in the fragment's code, busy in one of its tasks, waiting (own, in a task), busy outside. */
    public static final char BUSY = EventLogFormat.BUSY;
    public static final char TASK = EventLogFormat.TASK;
    public static final char WAIT = EventLogFormat.WAIT;
    public static final char TASK_WAIT = EventLogFormat.TASK_WAIT;
    public static final char OUTSIDE = EventLogFormat.OUTSIDE;

    /**
     * The run's parameters: processors; each site's tag (null: no fragment, not measured) and
     * width by tag (NaN: the parent's width, p for a fragment in none); the measured region's
     * start (executions opened before it are not measured) and the tag whose first execution
     * starts it (null: the first fragment).
     */
    public record Setup(int processors, IntFunction<String> siteTag, ToDoubleFunction<String> width, long regionStart,
                        String from) {
    }

    /** What the sweep measured besides the executions. */
    public record Totals(double start, double end, double outsideBusy, double outsideIdle, int measured,
                         int beforeRegion, int beforeFrom, boolean fromSeen) {

        /** The run's time: from the first measured execution's start to the last one's end. */
        public double time() {
            return end - start;
        }
    }

    private final Setup setup;
    private final Consumer<FragmentCost> sink;
    private final Map<Long, Acc> open = new HashMap<>();
    private final List<Acc> active = new ArrayList<>();
    private int otherBusy;
    private int otherWait;
    private long now = Long.MIN_VALUE;
    private long start = Long.MIN_VALUE;
    private long lastClose = Long.MIN_VALUE;
    private double outsideBusy;
    private double outsideIdle;
    private double outsideBusyAtClose;
    private double outsideIdleAtClose;
    private int measured;
    private int beforeRegion;
    private int beforeFrom;
    private boolean fromSeen;

    public LostCycles(Setup setup, Consumer<FragmentCost> sink) {
        this.setup = setup;
        this.sink = sink;
        this.fromSeen = setup.from() == null;
    }

    /** An execution of a site begins; parent: the execution it is nested in (0: none). */
    public void open(long t, long exec, int site, long parent) {
        advance(t);
        String tag = setup.siteTag().apply(site);
        if (tag == null) {
            return;
        }
        if (t < setup.regionStart()) {
            beforeRegion++;
            return;
        }
        if (!fromSeen) {
            if (!tag.equals(setup.from())) {
                beforeFrom++;
                return;
            }
            fromSeen = true;
        }
        if (start == Long.MIN_VALUE) {
            start = t;
        }
        Acc a = new Acc(exec, tag, t);
        a.parent = open.get(parent);
        double w = setup.width().applyAsDouble(tag);
        a.width = !Double.isNaN(w) ? w : a.parent != null ? a.parent.width : setup.processors();
        if (a.parent != null) {
            a.parent.nested += a.width;
            a.parent.children++;
        }
        open.put(exec, a);
        active.add(a);
    }

    /** An execution ends. */
    public void close(long t, long exec) {
        advance(t);
        Acc a = open.remove(exec);
        if (a == null) {
            return;
        }
        active.remove(a);
        if (a.parent != null) {
            a.parent.nested -= a.width;
            a.parent.children--;
        }
        if (a.children > 0) {
            for (Acc c : active) {
                if (c.parent == a) {
                    c.parent = null; // outlives its parent: on its own from now
                }
            }
        }
        // threads still working for it (a task never joined) now work outside the fragments
        otherBusy += a.busy;
        otherWait += a.waiting;
        measured++;
        lastClose = t;
        outsideBusyAtClose = outsideBusy;
        outsideIdleAtClose = outsideIdle;
        ThreadSpread spread = ThreadSpread.of(a.threads, t);
        sink.accept(new FragmentCost(a.tag, a.exec, (a.t0 - start) * 1e-9, (t - a.t0) * 1e-9, a.width, a.budget,
                a.pc, a.li, a.ip, a.sl, spread));
    }

    /** A parallel construct of an execution begins (+1) or ends (-1). */
    public void phase(long t, long exec, int delta) {
        advance(t);
        Acc a = open.get(exec);
        if (a != null) {
            a.phase += delta;
        }
    }

    /**
     * A thread enters (+1) or leaves (-1) a state for an execution (0 or one not measured: outside
     * the fragments), the thread not named: its busy time is not recorded per thread.
     */
    public void thread(long t, char state, long exec, int delta) {
        state(t, state, exec, delta);
    }

    /** {@link #thread(long, char, long, int)} by the thread {@code thread}: its busy time for the execution is recorded. */
    public void thread(long t, char state, long exec, int delta, long thread) {
        Acc a = state(t, state, exec, delta);
        if (a != null && (state == BUSY || state == TASK)) {
            if (a.threads == null) {
                a.threads = new ThreadSpread.Busy();
            }
            a.threads.change(thread, t, delta);
        }
    }

    private Acc state(long t, char state, long exec, int delta) {
        advance(t);
        Acc a = exec == 0 ? null : open.get(exec);
        boolean busy = state == BUSY || state == TASK || state == OUTSIDE;
        if (a == null) {
            if (busy) {
                otherBusy += delta;
            } else {
                otherWait += delta;
            }
            return null;
        }
        if (busy) {
            a.busy += delta;
        } else {
            a.waiting += delta;
        }
        if (state == TASK || state == TASK_WAIT) {
            a.tasks += delta;
        }
        return a;
    }

    /** The end of the events: what was measured outside the executions, up to the last one's end. */
    public Totals finish() {
        double s = start == Long.MIN_VALUE ? 0 : start * 1e-9;
        double e = lastClose == Long.MIN_VALUE ? s : lastClose * 1e-9;
        return new Totals(s, e, outsideBusyAtClose, outsideIdleAtClose, measured, beforeRegion, beforeFrom, fromSeen);
    }

    private void advance(long t) {
        if (t < now) {
            throw new IllegalStateException("probe events out of time order: " + t + " after " + now);
        }
        if (t > now && start != Long.MIN_VALUE && now >= start) {
            accrue((t - now) * 1e-9);
        }
        now = t;
    }

    private void accrue(double dt) {
        int p = setup.processors();
        int busyThreads = Math.max(0, otherBusy);
        int waitingThreads = 0;
        double rootWidths = 0;
        for (Acc a : active) {
            busyThreads += Math.max(0, a.busy);
            waitingThreads += Math.max(0, a.waiting);
            if (a.parent == null) {
                rootWidths += a.width;
            }
        }
        double scale = busyThreads > p ? (double) p / busyThreads : 1.0;
        double free = p - busyThreads * scale;
        double waitScale = waitingThreads > free ? free / waitingThreads : 1.0;
        double idle = Math.max(0, free - waitingThreads * waitScale);
        double rooms = 0;
        for (Acc a : active) {
            a.room = Math.max(0, a.width - a.nested - Math.max(0, a.busy) * scale - Math.max(0, a.waiting) * waitScale);
            rooms += a.room;
        }
        double fill = rooms > idle ? idle / rooms : 1.0;
        // executions whose widths add up to more than p at once (replicated code of a team region still
        // running on one thread while the others went on to the next loop) share the processors: each holds
        // its part of p, not its whole width
        double held = rootWidths > p ? p / rootWidths : 1.0;
        for (Acc a : active) {
            a.pc += Math.max(0, a.busy) * scale * dt;
            a.sl += Math.max(0, a.waiting) * waitScale * dt;
            a.budget += Math.max(0, a.width - a.nested) * held * dt;
            double i = a.room * fill * dt;
            if (a.phase > 0 || a.tasks > 0) {
                a.li += i;
            } else {
                a.ip += i;
            }
        }
        double otherUsed = Math.max(0, otherBusy) * scale;
        outsideBusy += otherUsed * dt;
        // the processors no fragment's width holds, from the widths, not from what the categories
        // leave: so the run's sum shows a fragment that used processors its width does not give
        // it (sections of width p/2 run one after the other at p = 1, a pool shared beyond a
        // task's width), and conservation is a check, not an identity (docs/measure.md)
        outsideIdle += Math.max(0, p - rootWidths - otherUsed) * dt;
    }

    /** An open execution's state and sums. */
    private static final class Acc {
        final long exec;
        final String tag;
        final long t0;
        Acc parent;
        double width;
        double nested;
        int children;
        int busy;
        int waiting;
        int tasks;
        int phase;
        double room;
        double budget;
        double pc;
        double li;
        double ip;
        double sl;
        /** Each thread's busy time for it; null until a named thread works for it. */
        ThreadSpread.Busy threads;

        Acc(long exec, String tag, long t0) {
            this.exec = exec;
            this.tag = tag;
            this.t0 = t0;
        }
    }
}

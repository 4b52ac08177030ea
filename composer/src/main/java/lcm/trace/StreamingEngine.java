package lcm.trace;

import lcm.expr.NumberText;
import lcm.source.Diagnostic;
import lcm.source.UserError;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The streaming critical-path engine (a discrete-event replay of the event graph).
 *
 * <p>The runnable tasks sit in a heap keyed by the time of their next event; the engine always
 * advances the earliest one, so events are fixed in time order and a wait finds the posts that
 * precede it. A task whose next event is a wait without a token parks on the token's name and
 * is woken by the post. Memory: per task a few fields and the current step; per name with open
 * tokens or parked waiters one entry; per pending barrier one record. The critical-path back
 * chains go to a {@link HopLog} (memory, then a temporary file), and the path is walked back
 * from it at the end. Nothing is kept per event.
 */
final class StreamingEngine {

    /** A post or send whose token no wait has taken yet. */
    private record Token(double time, int task, Step step, long hop, Segment segment) {
    }

    /** A task parked on a wait until a token comes; {@code ready} is when its own work ended. */
    private record Waiter(int task, Step step, double ready) {
    }

    /** Open tokens or parked waiters of one name (never both at once); queues of one element are common. */
    private static final class Slot {
        final ArrayDeque<Token> tokens = new ArrayDeque<>(2);
        final ArrayDeque<Waiter> waiters = new ArrayDeque<>(2);
    }

    /** A barrier some of whose parties have arrived. */
    private static final class Gathering {
        final int expected;
        final List<Waiter> arrived = new ArrayList<>();
        double latest = Double.NEGATIVE_INFINITY;
        Waiter last;
        long lastHop;
        Segment lastSegment;

        Gathering(int expected) {
            this.expected = expected;
        }
    }

    private final List<? extends TaskStream> streams;
    private final EventSink sink;
    private final int n;
    private final String[] names;
    private final double[] clock;
    private final Iterator<?>[] iterators;
    private final Step[] next;
    private final Step[] last;
    private final long[] head;
    private final HopLog hops = new HopLog();
    private final ClockHeap heap;
    /** Per name: one open Token, one parked Waiter, or a Slot when there are several. */
    private final Map<String, Object> slots = new HashMap<>();
    private final Map<String, Gathering> barriers = new HashMap<>();
    private final StabilityLog stability = new StabilityLog();
    private final PathLedger ledger;
    private final double[] startOf;
    private long events;
    /** Open tokens and parked waiters, and the most there may be (from the heap: about 1 in 1,024 bytes of it). */
    private long open;
    private final long openLimit;

    StreamingEngine(List<? extends TaskStream> streams, EventSink sink) {
        this(streams, sink, Math.max(10_000, Runtime.getRuntime().maxMemory() / 1024));
    }

    StreamingEngine(List<? extends TaskStream> streams, EventSink sink, long openLimit) {
        this.streams = streams;
        this.sink = sink;
        this.n = streams.size();
        this.names = new String[n];
        this.clock = new double[n];
        this.iterators = new Iterator<?>[n];
        this.next = new Step[n];
        this.last = new Step[n];
        this.head = new long[n];
        this.heap = new ClockHeap(n);
        this.ledger = new PathLedger(n);
        this.openLimit = openLimit;
        this.startOf = new double[n];
    }

    CriticalPath.Result run() {
        List<String> taskNames = new ArrayList<>(n);
        List<Double> starts = new ArrayList<>(n);
        for (int t = 0; t < n; t++) {
            TaskStream s = streams.get(t);
            names[t] = s.name();
            clock[t] = s.start();
            startOf[t] = s.start();
            head[t] = hops.append(t, null, s.start(), HopLog.NONE, -1, null, 0, Segment.EMPTY);
            taskNames.add(s.name());
            starts.add(s.start());
        }
        sink.start(taskNames, starts);
        for (int t = 0; t < n; t++) {
            iterators[t] = streams.get(t).steps();
            advance(t);
        }
        while (!heap.isEmpty()) {
            execute(heap.pop());
        }
        failOnDeadlock();
        int lastTask = -1;
        for (int t = 0; t < n; t++) {
            if (lastTask < 0 || clock[t] > clock[lastTask]) {
                lastTask = t;
            }
        }
        double end = lastTask < 0 ? 0 : clock[lastTask];
        double start = end;
        for (int t = 0; t < n; t++) {
            start = Math.min(start, startOf[t]);
        }
        sink.end(end);
        return finish(lastTask, start, end);
    }

    /** Pulls the task's next step and queues the task at the time that step's work ends. */
    private void advance(int t) {
        Iterator<?> it = iterators[t];
        if (it.hasNext()) {
            Step s = (Step) it.next();
            if (!(s.work() >= 0) || Double.isInfinite(s.work())) {
                throw error(s, "negative or invalid duration " + NumberText.text(s.work()) + " before '" + s.describe()
                        + "' in task '" + names[t] + "'");
            }
            next[t] = s;
            heap.push(t, clock[t] + s.work());
        } else {
            next[t] = null;
        }
    }

    private void execute(int t) {
        Step s = next[t];
        events++;
        double ready = clock[t] + s.work();
        switch (s.kind()) {
            case MARK -> happen(t, s, ready, true);
            case POST, SEND -> {
                happen(t, s, ready, true);
                deliver(new Token(ready, t, s, head[t], ledger.snapshot(t)));
            }
            case WAIT, RECV -> take(t, s, ready);
            case BARRIER -> arrive(t, s, ready);
        }
    }

    /** The step's event happens at {@code time}; the task moves on. */
    private void happen(int t, Step s, double time, boolean onChain) {
        happen(t, s, time, onChain, false);
    }

    /** {@code workCounted}: the step's work is in the ledger already (a barrier arrival counts it). */
    private void happen(int t, Step s, double time, boolean onChain, boolean workCounted) {
        double workStart = clock[t];
        if (!workCounted) {
            ledger.work(t, ledger.label(t, s), s.work(), onChain);
        }
        double blocked = time - (workStart + s.work());
        if (blocked > 0) {
            ledger.blocked(t, blocked);
        }
        clock[t] = time;
        last[t] = s;
        sink.event(t, s, workStart, time);
        advance(t);
    }

    private void deliver(Token token) {
        String key = token.step().name();
        Object found = slots.putIfAbsent(key, token); // one lookup when the name has nothing open, the common case
        if (found == null) {
            opened();
            return;
        }
        if (found instanceof Waiter one) {
            slots.remove(key);
            open--;
            release(one.task(), one.step(), one.ready(), token);
            return;
        }
        if (found instanceof Token other) {
            Slot two = new Slot();
            two.tokens.add(other);
            two.tokens.add(token);
            slots.put(key, two);
            opened();
            return;
        }
        Slot slot = (Slot) found;
        if (!slot.waiters.isEmpty()) {
            Waiter w = slot.waiters.poll();
            open--;
            if (!slot.waiters.isEmpty()) {
                Set<String> others = otherTasks(slot.waiters.stream().map(Waiter::task).toList(), w.task());
                if (!others.isEmpty()) {
                    stability.warn(token.step(), "'" + token.step().describe() + "' in task '" + names[token.task()]
                            + "' can satisfy the waits of several tasks ('" + names[w.task()] + "', '"
                            + String.join("', '", others) + "'): " + UNSTABLE);
                }
            }
            if (slot.waiters.isEmpty()) {
                slots.remove(key);
            }
            release(w.task(), w.step(), w.ready(), token);
            return;
        }
        slot.tokens.add(token);
        opened();
    }

    /** A deadlock's message names at most this many blocked tasks; beyond, the first few and how many more. */
    static final int LISTED_BLOCKED = 4;

    static final String UNSTABLE = "the predicted order may differ from the measured one (program stability, Mendes 3.2)";

    private void take(int t, Step s, double ready) {
        String key = s.name();
        Object found = slots.get(key);
        if (found == null) {
            slots.put(key, new Waiter(t, s, ready));
            opened();
            return;
        }
        if (found instanceof Token one) {
            slots.remove(key);
            open--;
            release(t, s, ready, one);
            return;
        }
        if (found instanceof Waiter other) {
            Slot two = new Slot();
            two.waiters.add(other);
            two.waiters.add(new Waiter(t, s, ready));
            slots.put(key, two);
            opened();
            return;
        }
        Slot slot = (Slot) found;
        if (!slot.tokens.isEmpty()) {
            Token token = slot.tokens.poll();
            open--;
            if (!slot.tokens.isEmpty()) {
                Set<String> others = otherTasks(slot.tokens.stream().map(Token::task).toList(), token.task());
                if (!others.isEmpty()) {
                    stability.warn(s, "'" + s.describe() + "' in task '" + names[t]
                            + "' can be satisfied by posts of several tasks ('" + names[token.task()] + "', '"
                            + String.join("', '", others) + "'): " + UNSTABLE);
                }
            }
            if (slot.tokens.isEmpty()) {
                slots.remove(key);
            }
            release(t, s, ready, token);
            return;
        }
        slot.waiters.add(new Waiter(t, s, ready));
        opened();
    }

    /**
     * One more open token or parked waiter; past the limit, an error at the oldest open post or
     * send (the one least likely to be taken: a post that no wait takes piles up).
     */
    private void opened() {
        if (++open <= openLimit) {
            return;
        }
        Token oldest = null;
        Waiter oldestWaiter = null;
        for (Object o : slots.values()) {
            for (Object x : o instanceof Slot slot ? concat(slot) : List.of(o)) {
                if (x instanceof Token tk && (oldest == null || tk.time() < oldest.time())) {
                    oldest = tk;
                } else if (x instanceof Waiter w && (oldestWaiter == null || w.ready() < oldestWaiter.ready())) {
                    oldestWaiter = w;
                }
            }
        }
        String limit = "more than " + NumberText.count(openLimit) + " posts, messages and waits are open at once"
                + " (the limit for this heap, " + (Runtime.getRuntime().maxMemory() >> 20) + " MB; a larger -Xmx raises it)";
        if (oldest != null) {
            throw error(oldest.step(), limit + ": the oldest open one, '" + oldest.step().describe() + "' of task '"
                    + names[oldest.task()] + "' at time " + NumberText.text(oldest.time()) + ", is never taken?");
        }
        throw error(oldestWaiter.step(), limit + ": the oldest, '" + oldestWaiter.step().describe() + "' of task '"
                + names[oldestWaiter.task()] + "', is never satisfied?");
    }

    private static List<Object> concat(Slot slot) {
        List<Object> all = new ArrayList<>(slot.tokens);
        all.addAll(slot.waiters);
        return all;
    }

    private Set<String> otherTasks(List<Integer> tasks, int besides) {
        Set<String> out = new LinkedHashSet<>();
        for (int x : tasks) {
            if (x != besides) {
                out.add(names[x]);
            }
            if (out.size() == 3) {
                break;
            }
        }
        return out;
    }

    /** A wait or receive gets its token: it ends at max(its own work's end, the post). */
    private void release(int t, Step s, double ready, Token token) {
        double time = Math.max(ready, token.time());
        boolean crosses = token.time() > ready;
        if (crosses) {
            head[t] = hops.append(t, s, time, token.hop(), token.task(), token.step(), token.time(), token.segment());
            ledger.restart(t);
        }
        happen(t, s, time, !crosses);
    }

    private void arrive(int t, Step s, double ready) {
        int parties = s.parties() <= 0 ? n : s.parties();
        Gathering g = barriers.get(s.name());
        if (g == null) {
            g = new Gathering(parties);
            barriers.put(s.name(), g);
        } else if (g.expected != parties) {
            throw error(s, "barrier " + s.name() + " in task '" + names[t] + "' expects " + parties
                    + " parties, but an earlier arrival expected " + g.expected);
        }
        // the work before the arrival is on the path into it: the last arrival's snapshot holds it
        ledger.work(t, ledger.label(t, s), s.work(), true);
        Waiter w = new Waiter(t, s, ready);
        g.arrived.add(w);
        if (ready > g.latest) {
            g.latest = ready;
            g.last = w;
            g.lastHop = head[t];
            g.lastSegment = ledger.snapshot(t);
        }
        if (g.arrived.size() < g.expected) {
            return;
        }
        barriers.remove(s.name());
        for (Waiter m : g.arrived) {
            boolean crosses = g.latest > m.ready();
            if (crosses) {
                head[m.task()] = hops.append(m.task(), m.step(), g.latest, g.lastHop, g.last.task(), g.last.step(), g.latest,
                        g.lastSegment);
                ledger.restart(m.task());
            }
            happen(m.task(), m.step(), g.latest, !crosses, true);
        }
    }

    private void failOnDeadlock() {
        List<Waiter> blocked = new ArrayList<>();
        for (Object o : slots.values()) {
            if (o instanceof Waiter w) {
                blocked.add(w);
            } else if (o instanceof Slot slot) {
                blocked.addAll(slot.waiters);
            }
        }
        for (Gathering g : barriers.values()) {
            blocked.addAll(g.arrived);
        }
        if (blocked.isEmpty()) {
            return;
        }
        blocked.sort((a, b) -> Integer.compare(a.task(), b.task()));
        StringBuilder all = new StringBuilder();
        if (blocked.size() > 1) {
            // at most LISTED_BLOCKED tasks, so that a deadlock of 64 tasks stays a readable line
            int listed = blocked.size() <= LISTED_BLOCKED ? blocked.size() : LISTED_BLOCKED - 1;
            all.append(" (blocked tasks: ");
            for (int i = 0; i < listed; i++) {
                Waiter w = blocked.get(i);
                all.append(i == 0 ? "" : ", ").append(names[w.task()]).append(" at '").append(w.step().describe()).append('\'');
            }
            if (listed < blocked.size()) {
                all.append(", ... and ").append(blocked.size() - listed).append(" more");
            }
            all.append(')');
        }
        List<Diagnostic> ds = new ArrayList<>();
        for (Waiter w : blocked) {
            Step s = w.step();
            String why = switch (s.kind()) {
                case RECV -> "no matching send";
                case BARRIER -> {
                    Gathering g = barriers.get(s.name());
                    yield g.arrived.size() + " of " + g.expected + " parties arrive";
                }
                default -> "no matching post";
            };
            String message = "deadlock: task '" + names[w.task()] + "' waits forever at '" + s.describe() + "': "
                    + why + all;
            ds.add(s.origin() != null ? Diagnostic.error(s.origin(), message) : Diagnostic.error(message));
        }
        throw new UserError(ds);
    }

    private static UserError error(Step s, String message) {
        return new UserError(s.origin() != null ? Diagnostic.error(s.origin(), message) : Diagnostic.error(message));
    }

    /**
     * Walks the back chain from the last task's final event to a task start, once: adds each
     * stretch of work on the path to the ledger, and notes where each path event is in the log
     * (8 bytes an event; the events are read back from the log when the path is listed).
     */
    private CriticalPath.Result finish(int lastTask, double start, double end) {
        double[] spans = new double[n];
        for (int t = 0; t < n; t++) {
            spans[t] = clock[t] - startOf[t];
        }
        if (lastTask < 0) {
            hops.close();
            return new CriticalPath.Result(start, end, List.of(), events, n, ledger.summary(names, spans),
                    stability.warnings());
        }
        PathCodes codes = new PathCodes();
        Step finalStep = last[lastTask];
        HopLog.Record hop = hops.read(head[lastTask]);
        ledger.onPath(lastTask, ledger.snapshot(lastTask));
        boolean finalIsEntry = finalStep != null && hop.entryKind() == finalStep.kind() && clock[lastTask] == hop.entryTime()
                && hop.entryName().equals(finalStep.name());
        if (finalStep != null && !finalIsEntry) {
            codes.add(PathCodes.FINAL);
        }
        long id = head[lastTask];
        while (true) {
            codes.add(PathCodes.entry(id));
            if (hop.from() == HopLog.NONE) {
                break;
            }
            ledger.onPath(hop.fromTask(), hop.segment());
            HopLog.Record from = hops.read(hop.from());
            boolean same = hop.fromKind() == from.entryKind() && hop.fromTime() == from.entryTime()
                    && hop.fromName().equals(from.entryName());
            if (!same) {
                codes.add(PathCodes.from(id));
            }
            id = hop.from();
            hop = from;
        }
        List<PathEvent> path = new PathList(codes.reversed(), hops, names, lastTask, finalStep, clock[lastTask]);
        return new CriticalPath.Result(start, end, path, events, n, ledger.summary(names, spans), stability.warnings());
    }
}

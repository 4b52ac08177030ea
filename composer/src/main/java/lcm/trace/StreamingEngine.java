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
 * tokens or parked waiters one queue; per pending barrier one record; plus the critical-path
 * back chains ({@link Hop}), which hold one link per change of task on the path. Nothing is
 * kept per event.
 */
final class StreamingEngine {

    /** A post or send whose token no wait has taken yet. */
    private record Token(double time, int task, Step step, Hop hop) {
    }

    /** A task parked on a wait until a token comes; {@code ready} is when its own work ended. */
    private record Waiter(int task, Step step, double ready) {
    }

    /** Open tokens or parked waiters of one name (never both at once). */
    private static final class Slot {
        final ArrayDeque<Token> tokens = new ArrayDeque<>();
        final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    }

    /** A barrier some of whose parties have arrived. */
    private static final class Gathering {
        final int expected;
        final List<Waiter> arrived = new ArrayList<>();
        double latest = Double.NEGATIVE_INFINITY;
        Waiter last;
        Hop lastHop;

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
    private final Hop[] head;
    private final ClockHeap heap;
    private final Map<String, Slot> slots = new HashMap<>();
    private final Map<String, Gathering> barriers = new HashMap<>();
    private final StabilityLog stability = new StabilityLog();
    private long events;

    StreamingEngine(List<? extends TaskStream> streams, EventSink sink) {
        this.streams = streams;
        this.sink = sink;
        this.n = streams.size();
        this.names = new String[n];
        this.clock = new double[n];
        this.iterators = new Iterator<?>[n];
        this.next = new Step[n];
        this.last = new Step[n];
        this.head = new Hop[n];
        this.heap = new ClockHeap(n);
    }

    CriticalPath.Result run() {
        List<String> taskNames = new ArrayList<>(n);
        List<Double> starts = new ArrayList<>(n);
        for (int t = 0; t < n; t++) {
            TaskStream s = streams.get(t);
            names[t] = s.name();
            clock[t] = s.start();
            head[t] = Hop.start(t, s.start());
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
        double length = lastTask < 0 ? 0 : clock[lastTask];
        sink.end(length);
        List<PathEvent> path = lastTask < 0 ? List.of() : path(lastTask);
        return new CriticalPath.Result(length, path, events, n, stability.warnings());
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
            case MARK -> happen(t, s, ready);
            case POST, SEND -> {
                happen(t, s, ready);
                deliver(new Token(ready, t, s, head[t]));
            }
            case WAIT, RECV -> take(t, s, ready);
            case BARRIER -> arrive(t, s, ready);
        }
    }

    /** The step's event happens at {@code time}; the task moves on. */
    private void happen(int t, Step s, double time) {
        double workStart = clock[t];
        clock[t] = time;
        last[t] = s;
        sink.event(t, s, workStart, time);
        advance(t);
    }

    private void deliver(Token token) {
        String key = token.step().name();
        Slot slot = slots.get(key);
        if (slot != null && !slot.waiters.isEmpty()) {
            Waiter w = slot.waiters.poll();
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
        if (slot == null) {
            slot = new Slot();
            slots.put(key, slot);
        }
        slot.tokens.add(token);
    }

    static final String UNSTABLE = "the predicted order may differ from the measured one (program stability, Mendes 3.2)";

    private void take(int t, Step s, double ready) {
        String key = s.name();
        Slot slot = slots.get(key);
        if (slot != null && !slot.tokens.isEmpty()) {
            Token token = slot.tokens.poll();
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
        if (slot == null) {
            slot = new Slot();
            slots.put(key, slot);
        }
        slot.waiters.add(new Waiter(t, s, ready));
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
        if (token.time() > ready) {
            head[t] = new Hop(t, s, time, token.hop(), token.task(), token.step(), token.time());
        }
        happen(t, s, time);
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
        Waiter w = new Waiter(t, s, ready);
        g.arrived.add(w);
        if (ready > g.latest) {
            g.latest = ready;
            g.last = w;
            g.lastHop = head[t];
        }
        if (g.arrived.size() < g.expected) {
            return;
        }
        barriers.remove(s.name());
        for (Waiter m : g.arrived) {
            if (g.latest > m.ready()) {
                head[m.task()] = new Hop(m.task(), m.step(), g.latest, g.lastHop, g.last.task(), g.last.step(), g.latest);
            }
            happen(m.task(), m.step(), g.latest);
        }
    }

    private void failOnDeadlock() {
        List<Waiter> blocked = new ArrayList<>();
        for (Slot slot : slots.values()) {
            blocked.addAll(slot.waiters);
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
            all.append(" (blocked tasks: ");
            for (int i = 0; i < blocked.size(); i++) {
                Waiter w = blocked.get(i);
                all.append(i == 0 ? "" : ", ").append(names[w.task()]).append(" at '").append(w.step().describe()).append('\'');
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

    /** Walks the back chain from the last task's final event to a task start. */
    private List<PathEvent> path(int lastTask) {
        ArrayDeque<PathEvent> out = new ArrayDeque<>();
        Step finalStep = last[lastTask];
        Hop hop = head[lastTask];
        if (finalStep != null && !(finalStep == hop.entry() && clock[lastTask] == hop.entryTime())) {
            out.addFirst(new PathEvent(names[lastTask], finalStep.describe(), clock[lastTask]));
        }
        while (hop != null) {
            out.addFirst(new PathEvent(names[hop.task()], hop.entry() == null ? "start" : hop.entry().describe(),
                    hop.entryTime()));
            if (hop.from() != null) {
                Hop from = hop.from();
                if (!(hop.fromStep() == from.entry() && hop.fromTime() == from.entryTime())) {
                    out.addFirst(new PathEvent(names[hop.fromTask()], hop.fromStep().describe(), hop.fromTime()));
                }
            }
            hop = hop.from();
        }
        return List.copyOf(out);
    }
}

package lcm.phases;

import lcm.source.SourceLocation;
import lcm.source.UserError;
import lcm.source.Diagnostic;
import lcm.trace.Interval;
import lcm.trace.MessageTrace;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * PAS2P's logical trace of a message-passing trace. Every send and receive gets a logical time
 * (tick): a send one tick after its task's previous event, a receive one tick after the later
 * of its task's previous event and its message's send (a message sent at tick t is received at
 * t + 1 at the earliest, never earlier: the receive order no longer depends on timing). A tick
 * holds at most one event per task. Each event keeps the computation before it (PAS2P's
 * extended basic block: from the task's previous event to this one).
 *
 * <p>A tick's <em>symbol</em> says what happens in it, independently of time: per event the
 * task, send or receive, the peer as an offset from the task (Xu and Subhlok's logical
 * neighbour: +1 is the right neighbour in a ring), the tag and the size to 5 %. Equal symbols
 * are the same communication step, which is what repeats in a loop.
 *
 * <p>A <em>collective</em> operation (an MPI collective, recognized from Paraver's MPI event
 * type or state, Chrome's slice names, or {@code .mpt} collective lines) is one event on each
 * of its members: the k-th collective of a name on each task is one operation among the tasks
 * that have one, as MPI calls collectives in the same order on every member. No member leaves
 * it before the last has arrived, so all its events share one tick, one after the latest of
 * the members' previous events. Its symbol names the operation and its member count.
 */
public final class LogicalTrace {

    /**
     * One send, receive or collective with its tick. A collective has {@code collective} (its
     * name, {@code MPI_Allreduce}), {@code parties} members, {@code send} false and peer 0;
     * a message has {@code collective} null.
     */
    public record Event(int task, boolean send, int peer, String tag, long size, double computeBefore,
                        double ebbStart, double begin, double end, int tick, String collective, int parties) {

        public boolean isCollective() {
            return collective != null;
        }
    }

    /** The events of one tick, its symbol, and when its computations began. */
    public record Tick(int index, List<Event> events, int symbol, double start) {
    }

    private final List<String> tasks;
    private final List<Tick> ticks;
    private final List<String> symbols;
    private final List<Diagnostic> warnings;
    private final double start;
    private final double end;
    private final double[] tails;

    private LogicalTrace(List<String> tasks, List<Tick> ticks, List<String> symbols, List<Diagnostic> warnings,
                         double start, double end, double[] tails) {
        this.tails = tails.clone();
        this.tasks = List.copyOf(tasks);
        this.ticks = List.copyOf(ticks);
        this.symbols = List.copyOf(symbols);
        this.warnings = List.copyOf(warnings);
        this.start = start;
        this.end = end;
    }

    public List<String> tasks() {
        return tasks;
    }

    public List<Tick> ticks() {
        return ticks;
    }

    /** The text of symbol i (for listings). */
    public String symbol(int i) {
        return symbols.get(i);
    }

    public int symbolCount() {
        return symbols.size();
    }

    public List<Diagnostic> warnings() {
        return warnings;
    }

    public double start() {
        return start;
    }

    public double end() {
        return end;
    }

    /** Busy time of task t after its last send or receive. */
    public double tail(int t) {
        return tails[t];
    }

    /** The symbols in tick order. */
    public int[] sequence() {
        return ticks.stream().mapToInt(Tick::symbol).toArray();
    }

    /**
     * Monotone tick boundaries: boundary(0) is the trace's start, boundary(k) for 0 < k < ticks
     * is when tick k's computations began (never before boundary(k-1)), boundary(ticks) is the
     * trace's end. Spans between boundaries add up to the measured length exactly.
     */
    public double boundary(int k) {
        if (k <= 0) {
            return start;
        }
        if (k >= ticks.size()) {
            return end;
        }
        double b = start;
        for (int i = 1; i <= k; i++) {
            b = Math.max(b, ticks.get(i).start());
        }
        return Math.min(b, end);
    }

    /** All boundaries at once (boundary(k) for k = 0 .. ticks). */
    public double[] boundaries() {
        double[] b = new double[ticks.size() + 1];
        b[0] = start;
        for (int k = 1; k < ticks.size(); k++) {
            b[k] = Math.min(end, Math.max(b[k - 1], ticks.get(k).start()));
        }
        b[ticks.size()] = end;
        return b;
    }

    public static LogicalTrace of(MessageTrace trace) {
        List<String> names = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        for (MessageTrace.Task t : trace.tasks()) {
            index.put(t.name(), names.size());
            names.add(t.name());
        }
        int n = names.size();
        List<List<Interval>> comm = new ArrayList<>();
        List<List<Double>> busyBefore = new ArrayList<>();
        double[] tails = new double[n];
        double start = Double.POSITIVE_INFINITY;
        double end = Double.NEGATIVE_INFINITY;
        for (MessageTrace.Task t : trace.tasks()) {
            List<Interval> c = new ArrayList<>();
            List<Double> busy = new ArrayList<>();
            double acc = 0;
            for (Interval i : t.intervals()) {
                start = Math.min(start, i.begin());
                end = Math.max(end, i.end());
                if (i.kind() == Interval.Kind.COLLECTIVE || i.kind() != Interval.Kind.COMPUTE && i.message() != null) {
                    c.add(i);
                    busy.add(acc);
                    acc = 0;
                } else if (i.kind() == Interval.Kind.COMPUTE && !TimelineReader.isLostState(i.fragment())) {
                    acc += i.duration();
                }
            }
            tails[comm.size()] = acc;
            comm.add(c);
            busyBefore.add(busy);
        }
        if (!Double.isFinite(start)) {
            start = 0;
            end = 0;
        }
        List<Diagnostic> warnings = new ArrayList<>();
        Map<String, Integer> sendTick = new HashMap<>();
        Map<String, Double> sendBegin = new HashMap<>();
        int skewed = 0;
        SourceLocation firstSkew = null;
        int[] next = new int[n];
        int[] last = new int[n];
        double[] lastEnd = new double[n];
        for (int t = 0; t < n; t++) {
            last[t] = -1;
            lastEnd[t] = trace.tasks().get(t).start();
        }
        Set<String> sent = new HashSet<>();
        for (List<Interval> c : comm) {
            for (Interval i : c) {
                if (i.kind() == Interval.Kind.SEND) {
                    sent.add(i.message().key());
                }
            }
        }
        // the k-th collective of a name on each task is one operation: its key and member count
        List<List<String>> collectiveKeys = new ArrayList<>();
        Map<String, Integer> parties = new HashMap<>();
        for (List<Interval> c : comm) {
            Map<String, Integer> seen = new HashMap<>();
            List<String> keys = new ArrayList<>();
            for (Interval i : c) {
                String key = null;
                if (i.kind() == Interval.Kind.COLLECTIVE) {
                    key = i.fragment() + " #" + seen.merge(i.fragment(), 1, Integer::sum);
                    parties.merge(key, 1, Integer::sum);
                }
                keys.add(key);
            }
            collectiveKeys.add(keys);
        }
        Map<String, List<Integer>> arrived = new HashMap<>();
        List<Event> events = new ArrayList<>();
        int unmatched = 0;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int t = 0; t < n; t++) {
                while (next[t] < comm.get(t).size()) {
                    Interval i = comm.get(t).get(next[t]);
                    if (i.kind() == Interval.Kind.COLLECTIVE) {
                        String key = collectiveKeys.get(t).get(next[t]);
                        List<Integer> members = arrived.computeIfAbsent(key, k -> new ArrayList<>());
                        if (!members.contains(t)) {
                            members.add(t);
                        }
                        if (members.size() < parties.get(key)) {
                            break; // the others have not arrived yet
                        }
                        arrived.remove(key);
                        int tick = 0;
                        for (int m : members) {
                            tick = Math.max(tick, last[m] + 1);
                        }
                        for (int m : members) {
                            Interval mi = comm.get(m).get(next[m]);
                            events.add(new Event(m, false, 0, "", 0, busyBefore.get(m).get(next[m]), lastEnd[m],
                                    mi.begin(), mi.end(), tick, mi.fragment(), members.size()));
                            last[m] = tick;
                            lastEnd[m] = mi.end();
                            next[m]++;
                        }
                        progress = true;
                        continue;
                    }
                    boolean send = i.kind() == Interval.Kind.SEND;
                    String key = i.message().key();
                    int tick;
                    if (send) {
                        tick = last[t] + 1;
                        sendTick.put(key, tick);
                        sendBegin.put(key, i.begin());
                    } else if (sendTick.containsKey(key)) {
                        tick = Math.max(last[t], sendTick.get(key)) + 1;
                        if (i.end() < sendBegin.get(key)) {
                            skewed++;
                            if (firstSkew == null) {
                                firstSkew = i.origin();
                            }
                        }
                    } else if (!sent.contains(key)) {
                        tick = last[t] + 1; // a receive whose send is not in the trace
                        unmatched++;
                    } else {
                        break; // its send has no tick yet
                    }
                    String peerName = send ? i.message().to() : i.message().from();
                    int peer = index.getOrDefault(peerName, t);
                    int offset = Math.floorMod(peer - t, Math.max(n, 1));
                    double ebb = lastEnd[t];
                    events.add(new Event(t, send, offset, i.message().tag(), i.message().size(),
                            busyBefore.get(t).get(next[t]), ebb, i.begin(), i.end(), tick, null, 0));
                    last[t] = tick;
                    lastEnd[t] = i.end();
                    next[t]++;
                    progress = true;
                }
            }
        }
        for (int t = 0; t < n; t++) {
            if (next[t] < comm.get(t).size()) {
                Interval i = comm.get(t).get(next[t]);
                SourceLocation at = i.origin() != null ? i.origin() : SourceLocation.of(Path.of("trace"), 1, 1);
                if (i.kind() == Interval.Kind.COLLECTIVE) {
                    throw UserError.at(at, "collective " + collectiveKeys.get(t).get(next[t]) + " of task " + names.get(t)
                            + " never gathers its members: another member waits for a message that follows it"
                            + " (clocks out of step, or collectives called in different orders?)");
                }
                throw UserError.at(at,
                        "the messages form a cycle (task " + names.get(t) + " receives " + i.message().key()
                                + " before it could have been sent): clocks out of step?");
            }
        }
        if (skewed > 0) {
            String text = skewed + " receive" + (skewed == 1 ? " ends" : "s end")
                    + " before its message is sent (clocks out of step?): the logical trace orders "
                    + (skewed == 1 ? "it" : "them") + " after the send, the profile keeps the measured times";
            warnings.add(firstSkew != null ? Diagnostic.warning(firstSkew, text) : Diagnostic.warning(text));
        }
        if (unmatched > 0) {
            warnings.add(Diagnostic.warning(unmatched + " receive" + (unmatched == 1 ? "" : "s")
                    + " without a send in the trace (truncated?): given ticks of their own"));
        }
        TreeMap<Integer, List<Event>> byTick = new TreeMap<>();
        for (Event e : events) {
            byTick.computeIfAbsent(e.tick(), k -> new ArrayList<>()).add(e);
        }
        Map<String, Integer> symbolIds = new HashMap<>();
        List<String> symbols = new ArrayList<>();
        List<Tick> ticks = new ArrayList<>();
        for (List<Event> es : byTick.values()) {
            es.sort(Comparator.comparingInt(Event::task));
            StringBuilder sb = new StringBuilder();
            double s = Double.POSITIVE_INFINITY;
            for (Event e : es) {
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                if (e.isCollective()) {
                    sb.append(names.get(e.task())).append(':').append(e.collective()).append('/').append(e.parties());
                } else {
                    sb.append(names.get(e.task())).append(e.send() ? ":send+" : ":recv+").append(e.peer())
                            .append("/").append(e.tag()).append("/").append(sizeClass(e.size()));
                }
                s = Math.min(s, e.ebbStart());
            }
            String text = sb.toString();
            Integer id = symbolIds.get(text);
            if (id == null) {
                id = symbols.size();
                symbolIds.put(text, id);
                symbols.add(text);
            }
            ticks.add(new Tick(ticks.size(), es, id, s));
        }
        return new LogicalTrace(names, ticks, symbols, warnings, start, end, tails);
    }

    /** Sizes within 5 % of each other share a class. */
    private static long sizeClass(long size) {
        return size <= 0 ? 0 : Math.round(Math.log(size) / Math.log(1.05));
    }
}

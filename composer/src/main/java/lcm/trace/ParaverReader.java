package lcm.trace;

import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.util.Comparator;
import java.util.TreeMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a Paraver {@code .prv} trace as a message-passing trace (docs/traces.md):
 * <ul>
 * <li>each thread (application, task, thread) with state records is a task, in that order;</li>
 * <li>its state records ({@code 1:cpu:appl:task:thread:begin:end:state}) cover its timeline;
 *     a state is computation labelled with its {@code .pcf} name ({@code Running},
 *     {@code Group Communication}, ...);</li>
 * <li>a communication record ({@code 3:...:physical_send:...:physical_recv:size:tag}) is one
 *     message: the sender's state interval is cut at the physical send time and the part up to
 *     it is the send; the receiver's state interval is cut at the physical receive time and the
 *     part up to it is the receive. In Extrae traces these are the Immediate Send state and the
 *     Wait/WaitAll state that completed the receive. Receives completing at one instant are
 *     ordered latest send first, so that the message that arrived last is the one waited for;
 *     sends and receives of no duration (equal logical and physical times) at one instant come
 *     after those, sends first, so that two threads exchanging at one instant do not deadlock;</li>
 * <li>event records ({@code 2:}) and communicator lines ({@code c:}) are not needed.</li>
 * </ul>
 * Times are converted to seconds with the header's unit ({@code _ns} or {@code _us}).
 */
public final class ParaverReader {

    private static final class Thread {
        final String name;
        /** (application, task, thread): threads are tasks in this order, Paraver's row order. */
        final long[] id;
        final List<TimelineCutter.State> states = new ArrayList<>();
        final List<TimelineCutter.Endpoint> endpoints = new ArrayList<>();
        /** Begin times of MPI collective calls (event type 50000002), and their names. */
        final TreeMap<Double, String> collectives = new TreeMap<>();
        /** Collective calls whose exit (value 0) came at the instant they began: they take no time. */
        final List<TimelineCutter.State> instantCollectives = new ArrayList<>();
        /** The last collective call begun and not yet left: its time, name and line. */
        double openAt;
        String openName;
        SourceLocation openLine;

        /** The open call, if any, is an ordinary one (it is left later, or never). */
        void settle() {
            if (openName != null) {
                collectives.put(openAt, openName);
                openName = null;
            }
        }

        Thread(String name, long[] id) {
            this.name = name;
            this.id = id;
        }
    }

    private final SourceText source;
    private final Diagnostics diagnostics = new Diagnostics();
    private final Map<String, Thread> threads = new LinkedHashMap<>();
    private final Map<String, Integer> channels = new HashMap<>();
    private ParaverNames names;
    private double unit = 1e-6;

    private ParaverReader(SourceText source) {
        this.source = source;
    }

    public static MessageTrace read(SourceText source) {
        return new ParaverReader(source).read();
    }

    private MessageTrace read() {
        List<String> lines = source.lines();
        if (lines.isEmpty() || !lines.get(0).startsWith("#Paraver")) {
            throw UserError.at(SourceLocation.of(source.path(), 1, 1), "not a Paraver trace: the first line must start with #Paraver");
        }
        header(lines.get(0));
        names = ParaverNames.load(source.path(), lines.get(0));
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            try {
                if (line.startsWith("1:")) {
                    state(i + 1, line);
                } else if (line.startsWith("3:")) {
                    communication(i + 1, line);
                } else if (line.startsWith("2:")) {
                    if (line.contains(":" + ParaverNames.MPI_COLLECTIVE + ":")) {
                        collective(i + 1, line);
                    }
                } else if (!line.isBlank() && !line.startsWith("c:") && !line.startsWith("#")) {
                    unknown(i + 1, line);
                }
            } catch (UserError e) {
                diagnostics.addAll(e.diagnostics());
            }
        }
        unknownTypes.forEach((type, first) -> diagnostics.warning(first, "unknown record type '" + type
                + "' (expected 1 state, 2 event, 3 communication or c communicator): " + unknownCounts.get(type)
                + (unknownCounts.get(type) == 1 ? " line" : " lines") + " skipped"));
        UserError.throwIfErrors(diagnostics);
        List<MessageTrace.Task> tasks = new ArrayList<>();
        List<Diagnostic> warnings = new ArrayList<>(diagnostics.warnings());
        List<Thread> ordered = new ArrayList<>(threads.values());
        ordered.sort(Comparator.comparingLong((Thread t) -> t.id[0]).thenComparingLong(t -> t.id[1])
                .thenComparingLong(t -> t.id[2]));
        for (Thread t : ordered) {
            if (t.states.isEmpty()) {
                if (!t.endpoints.isEmpty()) {
                    throw UserError.at(t.endpoints.get(0).at(), "thread " + t.name + " sends or receives but has no state records");
                }
                continue;
            }
            nameCollectives(t);
            tasks.add(new MessageTrace.Task(t.name, intervals(t)));
        }
        return new MessageTrace(tasks, warnings);
    }

    private void header(String line) {
        int close = line.indexOf("):");
        if (close < 0) {
            return;
        }
        String rest = line.substring(close + 2);
        String duration = rest.contains(":") ? rest.substring(0, rest.indexOf(':')) : rest;
        if (duration.endsWith("_ns")) {
            unit = 1e-9;
        } else if (duration.endsWith("_ms")) {
            unit = 1e-3;
        } else {
            unit = 1e-6; // "_us" or no unit: microseconds
        }
    }

    private long[] fields(int line, String text, int count, String layout) {
        String[] parts = text.split(":", -1);
        if (parts.length < count) {
            throw UserError.at(SourceLocation.of(source.path(), line, 1),
                    "expected " + count + " fields (" + layout + "), found " + parts.length);
        }
        long[] out = new long[count];
        int column = 1;
        for (int i = 0; i < count; i++) {
            out[i] = number(line, parts[i], column);
            column += parts[i].length() + 1;
        }
        return out;
    }

    private static int column(String text, int field) {
        int col = 1;
        for (int i = 0, f = 0; i < text.length() && f < field; i++) {
            if (text.charAt(i) == ':') {
                f++;
                col = i + 2;
            }
        }
        return col;
    }

    private Thread thread(long appl, long task, long thread) {
        String key = appl + "." + task + "." + thread;
        return threads.computeIfAbsent(key, k -> new Thread(names.thread((int) appl, (int) task, (int) thread),
                new long[] {appl, task, thread}));
    }

    private void state(int line, String text) {
        long[] f = fields(line, text, 8, "1:cpu:appl:task:thread:begin:end:state");
        SourceLocation at = SourceLocation.of(source.path(), line, 1);
        if (f[6] < f[5]) {
            throw UserError.at(SourceLocation.of(source.path(), line, column(text, 6)),
                    "state ends (" + f[6] + ") before it begins (" + f[5] + ")");
        }
        Thread t = thread(f[2], f[3], f[4]);
        double begin = f[5] * unit;
        double end = f[6] * unit;
        if (!t.states.isEmpty() && begin < t.states.get(t.states.size() - 1).end()) {
            throw UserError.at(SourceLocation.of(source.path(), line, column(text, 5)),
                    "state record out of order: begins at " + f[5] + ", before the previous state of thread " + t.name
                            + " ends");
        }
        t.states.add(new TimelineCutter.State(begin, end, names.state((int) f[7]), at));
    }

    private void communication(int line, String text) {
        long[] f = fields(line, text, 15,
                "3:cpu:appl:task:thread:logical_send:physical_send:cpu:appl:task:thread:logical_recv:physical_recv:size:tag");
        SourceLocation at = SourceLocation.of(source.path(), line, 1);
        Thread from = thread(f[2], f[3], f[4]);
        Thread to = thread(f[8], f[9], f[10]);
        String tag = Long.toString(f[14]);
        int k = channels.merge(from.name + "\u0000" + to.name + "\u0000" + tag, 1, Integer::sum);
        Message m = new Message(Message.key(from.name, to.name, tag, k), from.name, to.name, tag, f[13], false);
        double sent = f[6] * unit;
        double received = f[12] * unit;
        if (received < sent) {
            diagnostics.warning(SourceLocation.of(source.path(), line, column(text, 12)),
                    "message received (" + f[12] + ") before it is sent (" + f[6] + "): clocks out of step?");
        }
        // a send or receive whose logical and physical times are one instant takes no time
        from.endpoints.add(new TimelineCutter.Endpoint(sent, true, m, sent, f[5] == f[6], at));
        to.endpoints.add(new TimelineCutter.Endpoint(received, false, m, sent, f[11] == f[12], at));
    }

    private final Map<String, SourceLocation> unknownTypes = new LinkedHashMap<>();
    private final Map<String, Integer> unknownCounts = new HashMap<>();

    /** A line of a record type this reader does not know: one warning per type, at its first line. */
    private void unknown(int line, String text) {
        int colon = text.indexOf(':');
        String type = colon < 0 ? text.strip() : text.substring(0, colon);
        if (type.length() > 20) {
            type = type.substring(0, 20) + "...";
        }
        unknownTypes.putIfAbsent(type, SourceLocation.of(source.path(), line, 1));
        unknownCounts.merge(type, 1, Integer::sum);
    }

    /** An event record; collective calls (type 50000002, value not 0) are noted with their begin time. */
    private void collective(int line, String text) {
        String[] parts = text.split(":", -1);
        long[] head = fields(line, text, 6, "2:cpu:appl:task:thread:time:type:value...");
        Thread t = thread(head[2], head[3], head[4]);
        for (int k = 6; k + 1 < parts.length; k += 2) {
            if (parts[k].equals(Long.toString(ParaverNames.MPI_COLLECTIVE))) {
                long value = number(line, text, parts, k + 1);
                double time = head[5] * unit;
                if (value != 0) {
                    t.settle();
                    t.openAt = time;
                    t.openName = names.collective(value);
                    t.openLine = SourceLocation.of(source.path(), line, 1);
                } else if (t.openName != null && t.openAt == time) {
                    t.instantCollectives.add(new TimelineCutter.State(time, time, t.openName, true, t.openLine));
                    t.openName = null;
                } else {
                    t.settle();
                }
            }
        }
    }

    private long number(int line, String text, String[] parts, int k) {
        return number(line, parts[k], column(text, k));
    }

    /** A whole number in ASCII digits (no sign, no other digits): at most 18 of them. */
    private long number(int line, String text, int column) {
        SourceLocation at = SourceLocation.of(source.path(), line, column);
        if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            if (text.startsWith("-") && text.length() > 1 && text.substring(1).chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw UserError.at(at, "negative value " + text);
            }
            throw UserError.at(at, "bad number '" + text + "': expected a whole number in the digits 0-9");
        }
        if (text.length() > 18) {
            throw UserError.at(at, "number " + text + " out of range (at most 18 digits)");
        }
        return Long.parseLong(text);
    }

    /** A state in which a collective call begins is that collective ({@code MPI_Allreduce}), whatever its name. */
    private static void nameCollectives(Thread t) {
        t.settle();
        for (TimelineCutter.State c : t.instantCollectives) {
            insertInstant(t.states, c);
        }
        for (int i = 0; i < t.states.size(); i++) {
            TimelineCutter.State s = t.states.get(i);
            var call = t.collectives.ceilingEntry(s.begin());
            if (call != null && call.getKey() < s.end()) {
                t.states.set(i, new TimelineCutter.State(s.begin(), s.end(), call.getValue(), true, s.at()));
            }
        }
    }

    /**
     * A collective of no duration goes between the states that end and begin at its instant
     * (after any other instant there); inside a state, that state is the collective.
     */
    private static void insertInstant(List<TimelineCutter.State> states, TimelineCutter.State c) {
        int i = 0;
        while (i < states.size() && states.get(i).end() <= c.begin()) {
            i++;
        }
        if (i < states.size() && states.get(i).begin() < c.begin()) {
            TimelineCutter.State s = states.get(i);
            states.set(i, new TimelineCutter.State(s.begin(), s.end(), c.label(), true, s.at()));
        } else {
            states.add(i, c);
        }
    }

    /** Cuts the thread's states at its message endpoints. */
    private static List<Interval> intervals(Thread t) {
        return TimelineCutter.cut(t.states, t.endpoints);
    }
}

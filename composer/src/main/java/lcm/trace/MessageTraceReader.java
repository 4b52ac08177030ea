package lcm.trace;

import lcm.expr.NumberText;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads lcm's message-passing trace ({@code .mpt}; docs/traces.md): one activity per line,
 * <pre>
 * # task  event    begin  end   attributes
 * p0      compute  0      2     fragment=stencil
 * p0      send     2      3     to=p1 size=100 tag=7
 * p1      recv     4      6     from=p0 size=100 tag=7 [wildcard]
 * p1      collective 6    8     name=MPI_Allreduce
 * </pre>
 * Values with blanks are written in double quotes: {@code fragment="Immediate Receive"}.
 * Lines of different tasks may interleave; a task's lines are in time order and do not overlap.
 * Time between a task's activities is computation. The k-th receive on a channel (from, to, tag)
 * gets the k-th message sent on it (messages do not overtake, as in MPI).
 */
public final class MessageTraceReader {

    private record Raw(String task, Interval.Kind kind, double begin, double end, String fragment, String peer,
                       SourceLocation peerAt, String tag, long size, boolean wildcard, SourceLocation at) {
    }

    private final SourceText source;
    private final Diagnostics diagnostics = new Diagnostics();
    private final List<Raw> raws = new ArrayList<>();
    private final Map<String, Double> lastEnd = new LinkedHashMap<>();
    private final List<String> declared = new ArrayList<>();

    /** A comment that gives the order of the tasks (lcm writes it; without it, the order of first lines). */
    static final String TASKS = "# tasks:";

    private MessageTraceReader(SourceText source) {
        this.source = source;
    }

    public static MessageTrace read(SourceText source) {
        return new MessageTraceReader(source).read();
    }

    private MessageTrace read() {
        List<String> lines = source.lines();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(TASKS)) {
                for (String name : lines.get(i).substring(TASKS.length()).trim().split("\\s+")) {
                    if (!name.isEmpty() && !declared.contains(name)) {
                        declared.add(name);
                    }
                }
                continue;
            }
            try {
                line(LineFields.blankSeparated(source.path(), i + 1, lines.get(i)));
            } catch (UserError e) {
                diagnostics.addAll(e.diagnostics());
            }
        }
        UserError.throwIfErrors(diagnostics);
        MessageTrace trace = match();
        UserError.throwIfErrors(diagnostics);
        return trace;
    }

    private void line(LineFields f) {
        if (f.isEmpty()) {
            return;
        }
        if (f.size() < 4) {
            throw f.error(Math.min(f.size(), 3), "expected: TASK EVENT BEGIN END [attributes]");
        }
        String task = f.text(0);
        String event = f.text(1).toLowerCase(Locale.ROOT);
        Interval.Kind kind = switch (event) {
            case "compute" -> Interval.Kind.COMPUTE;
            case "send" -> Interval.Kind.SEND;
            case "recv", "receive" -> Interval.Kind.RECV;
            case "collective" -> Interval.Kind.COLLECTIVE;
            default -> throw f.error(1, "unknown event '" + f.text(1) + "' (expected compute, send, recv or collective)");
        };
        double begin = f.number(2, "begin time");
        double end = f.number(3, "end time");
        if (begin < 0) {
            throw f.error(2, "negative time " + f.text(2));
        }
        if (end < begin) {
            throw f.error(3, "event ends (" + f.text(3) + ") before it begins (" + f.text(2) + ")");
        }
        Double previous = lastEnd.get(task);
        if (previous != null && begin < previous) {
            throw f.error(2, "event out of order: begins at " + f.text(2) + ", before the previous event of task "
                    + task + " ends (" + NumberText.text(previous) + ")");
        }
        String fragment = "compute";
        String peer = null;
        SourceLocation peerAt = null;
        String tag = "0";
        long size = -1;
        boolean wildcard = false;
        for (int i = 4; i < f.size(); i++) {
            String a = f.text(i);
            int eq = a.indexOf('=');
            String key = eq < 0 ? a : a.substring(0, eq);
            String value = eq < 0 ? "" : LineFields.unquoted(a.substring(eq + 1));
            switch (kind + ":" + key) {
                case "COMPUTE:fragment", "COLLECTIVE:name" -> fragment = nonEmpty(f, i, key, value);
                case "SEND:to", "RECV:from" -> {
                    peer = nonEmpty(f, i, key, value);
                    peerAt = f.at(i);
                }
                case "SEND:tag", "RECV:tag" -> tag = nonEmpty(f, i, key, value);
                case "SEND:size", "RECV:size" -> {
                    if (!value.matches("[0-9]+")) {
                        throw f.error(i, "bad size '" + value + "': expected a whole number of bytes");
                    }
                    if (value.length() > 18) {
                        throw f.error(i, "size " + value + " out of range: at most 999999999999999999 bytes");
                    }
                    size = Long.parseLong(value);
                }
                case "RECV:wildcard" -> wildcard = true;
                default -> throw f.error(i, "unknown attribute '" + key + "' for " + event + " (expected "
                        + switch (kind) {
                            case COMPUTE -> "fragment=NAME";
                            case SEND -> "to=TASK size=BYTES [tag=TAG]";
                            case RECV -> "from=TASK [size=BYTES] [tag=TAG] [wildcard]";
                            case COLLECTIVE -> "name=NAME";
                        } + ")");
            }
        }
        if (kind == Interval.Kind.SEND && peer == null) {
            throw f.error(1, "send without to=TASK");
        }
        if (kind == Interval.Kind.SEND && size < 0) {
            throw f.error(1, "send without size=BYTES");
        }
        if (kind == Interval.Kind.RECV && peer == null) {
            throw f.error(1, "recv without from=TASK");
        }
        lastEnd.put(task, end);
        raws.add(new Raw(task, kind, begin, end, fragment, peer, peerAt, tag, size, wildcard, f.at(1)));
    }

    private static String nonEmpty(LineFields f, int i, String key, String value) {
        if (value.isEmpty()) {
            throw f.error(i, key + " needs a value");
        }
        return value;
    }

    /** Pairs the k-th receive of each channel with its k-th send. */
    private MessageTrace match() {
        Map<String, Integer> sent = new HashMap<>();
        Map<String, Integer> received = new HashMap<>();
        Map<String, Raw> sends = new HashMap<>();
        Map<String, Raw> recvs = new HashMap<>();
        List<String> keys = new ArrayList<>(raws.size());
        for (Raw r : raws) {
            String key = null;
            if (r.kind() == Interval.Kind.SEND || r.kind() == Interval.Kind.RECV) {
                if (!lastEnd.containsKey(r.peer())) {
                    diagnostics.error(r.peerAt(), "unknown task '" + r.peer() + "': it has no events in this trace");
                }
                boolean send = r.kind() == Interval.Kind.SEND;
                String from = send ? r.task() : r.peer();
                String to = send ? r.peer() : r.task();
                String channel = from + "\u0000" + to + "\u0000" + r.tag();
                int k = (send ? sent : received).merge(channel, 1, Integer::sum);
                key = Message.key(from, to, r.tag(), k);
                (send ? sends : recvs).put(key, r);
            }
            keys.add(key);
        }
        for (Map.Entry<String, Raw> e : recvs.entrySet()) {
            Raw r = e.getValue();
            if (!sends.containsKey(e.getKey()) && lastEnd.containsKey(r.peer())) {
                String channel = r.peer() + "\u0000" + r.task() + "\u0000" + r.tag();
                diagnostics.error(r.at(), "receive with no send: task " + r.task() + " receives message " + e.getKey()
                        + " but " + r.peer() + " sends only " + sent.getOrDefault(channel, 0) + " to it with tag " + r.tag());
            }
        }
        Map<String, List<Interval>> byTask = new LinkedHashMap<>();
        for (String t : declared) {
            if (lastEnd.containsKey(t)) {
                byTask.put(t, new ArrayList<>());
            }
        }
        for (String t : lastEnd.keySet()) {
            if (byTask.containsKey(t)) {
                continue;
            }
            byTask.put(t, new ArrayList<>());
        }
        List<Diagnostic> warnings = new ArrayList<>();
        for (int i = 0; i < raws.size(); i++) {
            Raw r = raws.get(i);
            Message m = null;
            if (keys.get(i) != null) {
                Raw s = sends.get(keys.get(i));
                Raw v = recvs.get(keys.get(i));
                boolean send = r.kind() == Interval.Kind.SEND;
                long size = send || r.size() < 0 ? (s != null ? s.size() : 0) : r.size();
                m = new Message(keys.get(i), send ? r.task() : r.peer(), send ? r.peer() : r.task(), r.tag(), size,
                        v != null && v.wildcard());
                if (send && v == null) {
                    warnings.add(Diagnostic.warning(r.at(), "message " + keys.get(i) + " is sent but never received"));
                }
                if (!send && r.wildcard()) {
                    warnings.add(Diagnostic.warning(r.at(), "wildcard receive (any source) of message " + keys.get(i)
                            + ": " + StreamingEngine.UNSTABLE));
                }
            }
            byTask.get(r.task()).add(new Interval(r.kind(), r.begin(), r.end(), r.fragment(), m, r.at()));
        }
        List<MessageTrace.Task> tasks = new ArrayList<>();
        byTask.forEach((name, list) -> tasks.add(new MessageTrace.Task(name, list)));
        return new MessageTrace(tasks, warnings);
    }
}

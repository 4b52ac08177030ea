package lcm.trace;

import lcm.expr.NumberText;
import com.fasterxml.jackson.databind.JsonNode;
import lcm.source.Diagnostic;
import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Chrome trace written by another tool, read as a measured message-passing trace
 * (docs/traces.md): each thread (pid, tid) is a task named by its thread_name metadata; its
 * top-level slices ("X" complete events, "B"/"E" pairs; nested slices are part of their
 * parent) are its states; each flow ("s" ... "f" with one id, cat and name; "t" steps are
 * skipped) is a message sent at the "s" instant and received at the "f" instant, of
 * {@code args.size} bytes if given. Times are microseconds.
 */
final class ChromeTimeline {

    /** One trace event and where it starts in the file. */
    record Located(JsonNode event, SourceLocation at) {
    }

    private record Thread(String key, List<TimelineCutter.State> states, List<TimelineCutter.Endpoint> endpoints) {
    }

    private record Open(double ts, String name, SourceLocation at) {
    }

    private static final double US = 1e-6;

    private final Map<String, Thread> threads = new LinkedHashMap<>();
    private final Map<String, String> names = new HashMap<>();
    private final List<Diagnostic> warnings = new ArrayList<>();

    private ChromeTimeline() {
    }

    static MessageTrace build(List<Located> events) {
        return new ChromeTimeline().read(events);
    }

    private MessageTrace read(List<Located> events) {
        Map<String, List<Located>> beginEnd = new LinkedHashMap<>();
        Map<String, List<TimelineCutter.State>> byThread = new LinkedHashMap<>();
        Map<String, ArrayDeque<Located>> flowStarts = new HashMap<>();
        List<Located[]> flows = new ArrayList<>();
        for (Located l : events) {
            JsonNode e = l.event();
            String ph = e.path("ph").asText("");
            String key = threadKey(e);
            switch (ph) {
                case "M" -> {
                    if (e.path("name").asText("").equals("thread_name")) {
                        names.put(key, e.path("args").path("name").asText(key));
                    }
                }
                case "X" -> {
                    double ts = time(l, "ts");
                    double dur = e.has("dur") ? time(l, "dur") : 0;
                    byThread.computeIfAbsent(key, k -> new ArrayList<>())
                            .add(new TimelineCutter.State(ts, ts + dur, e.path("name").asText("slice"), l.at()));
                    thread(key);
                }
                case "B", "E" -> {
                    beginEnd.computeIfAbsent(key, k -> new ArrayList<>()).add(l);
                    thread(key);
                }
                case "s" -> flowStarts.computeIfAbsent(flowKey(e), k -> new ArrayDeque<>()).add(l);
                case "f" -> {
                    Located start = flowStarts.getOrDefault(flowKey(e), new ArrayDeque<>()).poll();
                    if (start == null) {
                        warnings.add(Diagnostic.warning(l.at(), "flow end with no start: skipped"));
                    } else {
                        flows.add(new Located[] {start, l});
                    }
                }
                default -> {
                    // instants, counters, async events, samples: no part of the timeline
                }
            }
        }
        beginEnd.forEach((key, list) -> byThread.computeIfAbsent(key, k -> new ArrayList<>()).addAll(pairs(list)));
        byThread.forEach((key, list) -> thread(key).states().addAll(topLevel(list)));
        for (Located[] f : flows) {
            thread(threadKey(f[0].event()));
            thread(threadKey(f[1].event()));
        }
        Set<String> used = new HashSet<>();
        Map<String, String> taskNames = new HashMap<>();
        for (Thread t : threads.values()) {
            taskNames.put(t.key(), taskName(t.key(), used));
        }
        Map<String, Integer> channels = new HashMap<>();
        for (Located[] f : flows) {
            message(f[0], f[1], taskNames, channels);
        }
        List<MessageTrace.Task> tasks = new ArrayList<>();
        for (Thread t : threads.values()) {
            if (!t.states().isEmpty() || !t.endpoints().isEmpty()) {
                tasks.add(new MessageTrace.Task(taskNames.get(t.key()), TimelineCutter.cut(t.states(), t.endpoints(), TimelineCutter.FILE_ORDER)));
            }
        }
        if (tasks.isEmpty()) {
            throw UserError.of("no slices or flows in this Chrome trace: nothing to replay");
        }
        return new MessageTrace(tasks, warnings);
    }

    private Thread thread(String key) {
        return threads.computeIfAbsent(key, k -> new Thread(k, new ArrayList<>(), new ArrayList<>()));
    }

    private String taskName(String key, Set<String> used) {
        String name = names.getOrDefault(key, key).replaceAll("\\s+", "_");
        if (name.isEmpty() || !used.add(name)) {
            name = name + "." + key;
            used.add(name);
        }
        return name;
    }

    private static String threadKey(JsonNode e) {
        return e.path("pid").asText("0") + "." + e.path("tid").asText("0");
    }

    private static String flowKey(JsonNode e) {
        return e.path("cat").asText("") + "\u0000" + e.path("name").asText("") + "\u0000" + e.path("id").asText("");
    }

    private static double time(Located l, String field) {
        JsonNode v = l.event().path(field);
        if (!v.isNumber() || !(v.asDouble() >= 0) || Double.isInfinite(v.asDouble())) {
            throw UserError.at(l.at(), "'" + field + "' must be a finite number >= 0, not "
                    + (v.isNumber() ? NumberText.text(v.asDouble()) : v.toString()));
        }
        return v.asDouble() * US;
    }

    /** B/E events of one thread, paired in time order. */
    private List<TimelineCutter.State> pairs(List<Located> list) {
        List<Located> sorted = new ArrayList<>(list);
        sorted.sort(Comparator.comparingDouble(l -> l.event().path("ts").asDouble()));
        List<TimelineCutter.State> out = new ArrayList<>();
        ArrayDeque<Open> open = new ArrayDeque<>();
        for (Located l : sorted) {
            double ts = time(l, "ts");
            if (l.event().path("ph").asText().equals("B")) {
                open.push(new Open(ts, l.event().path("name").asText("slice"), l.at()));
            } else if (open.isEmpty()) {
                warnings.add(Diagnostic.warning(l.at(), "'E' with no open 'B' on its thread: skipped"));
            } else {
                Open b = open.pop();
                out.add(new TimelineCutter.State(b.ts(), ts, b.name(), b.at()));
            }
        }
        for (Open b : open) {
            warnings.add(Diagnostic.warning(b.at(), "'B' never ended: skipped"));
        }
        return out;
    }

    /** The slices not inside another: the thread's states, in time order. */
    private static List<TimelineCutter.State> topLevel(List<TimelineCutter.State> slices) {
        List<TimelineCutter.State> sorted = new ArrayList<>(slices);
        sorted.sort(Comparator.comparingDouble(TimelineCutter.State::begin)
                .thenComparing(Comparator.comparingDouble(TimelineCutter.State::end).reversed()));
        List<TimelineCutter.State> out = new ArrayList<>();
        double end = Double.NEGATIVE_INFINITY;
        for (TimelineCutter.State s : sorted) {
            if (s.begin() >= end) {
                out.add(s);
                end = s.end();
            } else if (s.end() > end) {
                out.add(new TimelineCutter.State(end, s.end(), s.label(), s.at())); // overlaps the previous: its rest
                end = s.end();
            }
        }
        return out;
    }

    private void message(Located s, Located f, Map<String, String> taskNames, Map<String, Integer> channels) {
        double sent = time(s, "ts");
        double received = time(f, "ts");
        String fromKey = threadKey(s.event());
        String toKey = threadKey(f.event());
        if (received < sent) {
            warnings.add(Diagnostic.warning(f.at(), "flow ends before it starts: skipped"));
            return;
        }
        String from = taskNames.get(fromKey);
        String to = taskNames.get(toKey);
        String tag = s.event().path("name").asText("flow");
        int k = channels.merge(fromKey + "\u0000" + toKey + "\u0000" + tag, 1, Integer::sum);
        JsonNode sizeNode = s.event().path("args").path("size");
        if (!sizeNode.isMissingNode() && !(sizeNode.canConvertToLong() && sizeNode.isIntegralNumber() && sizeNode.asLong() >= 0)) {
            throw UserError.at(s.at(), "flow size " + sizeNode + " is not a whole number of bytes from 0 to 2^63-1");
        }
        long size = sizeNode.asLong(0);
        Message m = new Message(Message.key(from, to, tag, k), from, to, tag, size, false);
        thread(fromKey).endpoints().add(new TimelineCutter.Endpoint(sent, true, m, sent, s.at()));
        thread(toKey).endpoints().add(new TimelineCutter.Endpoint(received, false, m, sent, f.at()));
    }
}

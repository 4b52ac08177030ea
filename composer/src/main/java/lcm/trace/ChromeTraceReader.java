package lcm.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads Chrome trace-event JSON, in the object form ({@code {"traceEvents": [...]}}) or the
 * bare array form.
 * <ul>
 * <li>Written by lcm ({@link ChromeTraceWriter}): every "X" event whose {@code args} hold a
 *     step ({@code kind}, {@code name}, {@code work}, {@code fragment}) becomes that step
 *     again, on the thread (task) it is drawn on, in time order; thread_name metadata names the
 *     tasks. The result is {@link Programs}: the same tasks that were written.</li>
 * <li>Written by another tool: a measured timeline, see {@link ChromeTimeline}. The result is
 *     a {@link Timeline}, replayed or transformed like any message-passing trace.</li>
 * </ul>
 */
public final class ChromeTraceReader {

    /** What a Chrome file holds. */
    public sealed interface Result permits Programs, Timeline {
    }

    /** lcm's own output: the tasks as they were written. */
    public record Programs(LoadedTrace trace) implements Result {
    }

    /** Another tool's trace: a measured timeline. */
    public record Timeline(MessageTrace trace) implements Result {
    }

    private record Slice(double ts, int order, Step step) {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final SourceText source;
    private final Diagnostics diagnostics = new Diagnostics();
    private final Map<Long, List<Slice>> slices = new TreeMap<>();
    private final Map<Long, String> names = new TreeMap<>();
    private final Map<Long, Double> starts = new TreeMap<>();
    private final Set<String> fragments = new LinkedHashSet<>();
    private int order;

    private ChromeTraceReader(SourceText source) {
        this.source = source;
    }

    public static Result read(SourceText source) {
        return new ChromeTraceReader(source).read();
    }

    private final List<ChromeTimeline.Located> all = new ArrayList<>();
    /** An event of lcm's own has been read: the file is lcm's trace, not a timeline. */
    private boolean ours;

    private Result read() {
        try (JsonParser p = new JsonFactory().setCodec(MAPPER).createParser(source.text())) {
            JsonToken first = p.nextToken();
            if (first == JsonToken.START_OBJECT) {
                boolean found = false;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken value = p.nextToken();
                    if (field.equals("traceEvents") && value == JsonToken.START_ARRAY) {
                        events(p);
                        found = true;
                    } else {
                        p.skipChildren();
                    }
                }
                if (!found) {
                    throw UserError.at(at(p.currentLocation()), "no \"traceEvents\" array in this Chrome trace");
                }
            } else if (first == JsonToken.START_ARRAY) {
                events(p);
            } else {
                throw UserError.at(at(p.currentLocation()), "not a Chrome trace: expected a JSON object or array");
            }
        } catch (JsonProcessingException e) {
            throw UserError.at(at(e.getLocation()), "bad JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw UserError.of(source.path() + ": cannot read: " + e.getMessage());
        }
        if (!ours) {
            try {
                return new Timeline(ChromeTimeline.build(all));
            } catch (UserError u) {
                if (u.diagnostics().stream().anyMatch(d -> d.location().isPresent())) {
                    throw u;
                }
                // a problem of the whole file (nothing to replay): named with the file
                throw UserError.of(source.path() + ": " + u.diagnostics().get(0).message());
            }
        }
        UserError.throwIfErrors(diagnostics);
        List<TaskStream> tasks = new ArrayList<>();
        for (Map.Entry<Long, List<Slice>> e : slices.entrySet()) {
            List<Slice> list = e.getValue();
            list.sort(Comparator.comparingDouble(Slice::ts).thenComparingInt(Slice::order));
            List<Step> steps = list.stream().map(Slice::step).toList();
            double start = starts.getOrDefault(e.getKey(), list.get(0).ts());
            tasks.add(new TaskProgram(names.getOrDefault(e.getKey(), "thread " + e.getKey()), start, steps));
        }
        return new Programs(new LoadedTrace(tasks, fragments, List.of()));
    }

    /**
     * Reads the events. Until one of them is lcm's own (an "X" slice whose args hold a step kind)
     * they are kept, as another tool's timeline needs them all; from that one on the file is lcm's
     * own, the kept events become steps and each later one becomes its step as it is read, so
     * that the events' trees are not all held at once.
     */
    private void events(JsonParser p) throws IOException {
        while (p.nextToken() == JsonToken.START_OBJECT) {
            SourceLocation at = at(p.currentTokenLocation());
            JsonNode e = p.readValueAsTree();
            if (!ours && e.path("ph").asText("").equals("X") && e.path("args").has("kind")) {
                ours = true;
                for (ChromeTimeline.Located l : all) {
                    step(l.event(), l.at());
                }
                all.clear();
            }
            if (ours) {
                step(e, at);
            } else {
                all.add(new ChromeTimeline.Located(e, at));
            }
        }
    }

    /** An event of lcm's own trace; its problems are collected, to be reported together. */
    private void step(JsonNode e, SourceLocation at) {
        try {
            event(e, at);
        } catch (UserError u) {
            diagnostics.addAll(u.diagnostics());
        }
    }

    private void event(JsonNode e, SourceLocation at) {
        String ph = e.path("ph").asText("");
        long tid = e.path("tid").asLong(0);
        JsonNode args = e.path("args");
        if (ph.equals("M") && e.path("name").asText("").equals("thread_name")) {
            names.put(tid, args.path("name").asText("thread " + tid));
            if (args.has("start")) {
                starts.put(tid, args.path("start").asDouble());
            }
            return;
        }
        if (!ph.equals("X") || !args.has("kind")) {
            return;
        }
        Step.Kind kind;
        try {
            kind = Step.Kind.valueOf(args.path("kind").asText().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException x) {
            throw UserError.at(at, "unknown step kind '" + args.path("kind").asText() + "'");
        }
        double work = args.path("work").asDouble(Double.NaN);
        if (!(work >= 0) || Double.isInfinite(work)) {
            throw UserError.at(at, "step without a finite work of at least 0 (args.work)");
        }
        double ts = e.path("ts").asDouble(Double.NaN);
        if (!(ts >= 0)) {
            throw UserError.at(at, "negative or missing time (ts)");
        }
        String name = args.path("name").asText("");
        String fragment = args.path("fragment").asText(name);
        Object info = null;
        if (args.has("from") && args.has("to")) {
            info = new Message(name, args.path("from").asText(), args.path("to").asText(), args.path("tag").asText("0"),
                    args.path("size").asLong(0), args.path("wildcard").asBoolean(false));
        }
        Step step = new Step(kind, name, work, fragment, args.path("parties").asInt(0), info, at);
        if (kind == Step.Kind.MARK) {
            fragments.add(fragment);
        }
        slices.computeIfAbsent(tid, k -> new ArrayList<>()).add(new Slice(ts / 1e6, order++, step));
    }

    private SourceLocation at(JsonLocation l) {
        return SourceLocation.of(source.path(), Math.max(1, l == null ? 1 : l.getLineNr()), Math.max(1, l == null ? 1 : l.getColumnNr()));
    }
}

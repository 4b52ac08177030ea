package lcm.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.util.Locale;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the predicted trace as Chrome trace-event JSON (chrome://tracing, ui.perfetto.dev):
 * each task is a thread of process 1 (named by an "M" thread_name event), each step an "X"
 * complete event from the start of its work to its event (a wait's slice includes the time it
 * was blocked), and each message or post→wait pairing a flow ("s" at the send or post, "f" at
 * the receive or wait). Times in microseconds. The step itself is kept in {@code args} (kind,
 * name, work, fragment and the message), so that {@link ChromeTraceReader} rebuilds the same
 * tasks from the file. Written as it streams; nothing is kept but open flow counters.
 */
public final class ChromeTraceWriter implements EventSink, AutoCloseable {

    private static final double US = 1e6;

    private final JsonGenerator json;
    private final Map<String, Integer> posted = new HashMap<>();
    private final Map<String, Integer> waited = new HashMap<>();

    public ChromeTraceWriter(OutputStream out) {
        try {
            json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
            json.writeStartObject();
            json.writeStringField("displayTimeUnit", "ms");
            json.writeArrayFieldStart("traceEvents");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void start(List<String> taskNames, List<Double> starts) {
        try {
            for (int t = 0; t < taskNames.size(); t++) {
                json.writeStartObject();
                json.writeStringField("name", "thread_name");
                json.writeStringField("ph", "M");
                json.writeNumberField("pid", 1);
                json.writeNumberField("tid", t);
                json.writeObjectFieldStart("args");
                json.writeStringField("name", taskNames.get(t));
                json.writeNumberField("start", starts.get(t));
                json.writeEndObject();
                json.writeEndObject();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void event(int task, Step step, double workStart, double time) {
        try {
            json.writeStartObject();
            json.writeStringField("name", step.kind() == Step.Kind.MARK ? step.fragment() : step.describe());
            json.writeStringField("cat", step.kind() == Step.Kind.MARK ? step.fragment() : step.kind().word());
            json.writeStringField("ph", "X");
            json.writeNumberField("pid", 1);
            json.writeNumberField("tid", task);
            json.writeNumberField("ts", workStart * US);
            json.writeNumberField("dur", (time - workStart) * US);
            json.writeObjectFieldStart("args");
            json.writeStringField("kind", step.kind().name().toLowerCase(Locale.ROOT));
            json.writeStringField("name", step.name());
            json.writeStringField("fragment", step.fragment());
            json.writeNumberField("work", step.work());
            if (step.kind() == Step.Kind.BARRIER) {
                json.writeNumberField("parties", step.parties());
            }
            if (step.info() instanceof Message m) {
                json.writeStringField("from", m.from());
                json.writeStringField("to", m.to());
                json.writeStringField("tag", m.tag());
                json.writeNumberField("size", m.size());
                json.writeBooleanField("wildcard", m.wildcard());
            }
            json.writeEndObject();
            json.writeEndObject();
            if (step.kind().posts() || step.kind().waits()) {
                boolean start = step.kind().posts();
                int seq = (start ? posted : waited).merge(step.name(), 1, Integer::sum);
                json.writeStartObject();
                json.writeStringField("name", step.kind() == Step.Kind.SEND || step.kind() == Step.Kind.RECV ? "message" : "sync");
                json.writeStringField("cat", "flow");
                json.writeStringField("ph", start ? "s" : "f");
                if (!start) {
                    json.writeStringField("bp", "e");
                }
                json.writeStringField("id", step.name() + " @" + seq);
                json.writeNumberField("pid", 1);
                json.writeNumberField("tid", task);
                json.writeNumberField("ts", time * US);
                json.writeEndObject();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void end(double length) {
        try {
            json.writeEndArray();
            json.writeObjectFieldStart("otherData");
            json.writeStringField("producer", "lcm critical-path");
            json.writeNumberField("length", length);
            json.writeEndObject();
            json.writeEndObject();
            json.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            json.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package lcm.trace;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * {@code lcm critical-path --format json} (docs/traces.md): {@code {"length": SECONDS,
 * "unit": "s", "start": ..., "end": ..., "events": N, "path": [{"task", "event", "time"}],
 * "byState": [{"name", "onPath", "offPath"}], "byTask": [...], "top": [{"task", "label",
 * "category", "seconds"}]}}. {@code length} is end minus start; times are on the trace's clock.
 */
public final class PathJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private PathJson() {
    }

    private static void rows(ArrayNode out, List<PathSummary.Row> rows) {
        for (PathSummary.Row row : rows) {
            ObjectNode o = out.addObject();
            o.put("name", row.name());
            o.put("onPath", row.onPath());
            o.put("offPath", row.offPath());
        }
    }

    public static String render(CriticalPath.Result r) {
        StringWriter out = new StringWriter();
        write(r, true, out);
        return out.toString();
    }

    /** Writes the report to {@code out} as it goes (the path may be long); without the path when {@code withPath} is false. */
    public static void write(CriticalPath.Result r, boolean withPath, Writer out) {
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("length", r.length());
            g.writeStringField("unit", "s");
            g.writeNumberField("start", r.start());
            g.writeNumberField("end", r.end());
            if (withPath) {
                g.writeArrayFieldStart("path");
                for (PathEvent e : r.path()) {
                    event(g, e);
                }
                g.writeEndArray();
            }
            g.writeNumberField("pathEvents", r.path().size());
            g.writeNumberField("events", r.events());
            g.writeNumberField("tasks", r.tasks());
            if (r.summary() != null) {
                g.writeFieldName("byState");
                MAPPER.writeTree(g, rowsNode(r.summary().byState()));
                g.writeFieldName("byTask");
                MAPPER.writeTree(g, rowsNode(r.summary().byTask()));
                ArrayNode top = MAPPER.createArrayNode();
                for (PathSummary.Contributor c : r.summary().top()) {
                    ObjectNode o = top.addObject();
                    o.put("task", c.task());
                    o.put("label", c.label());
                    o.put("category", c.category().word());
                    o.put("seconds", c.seconds());
                }
                g.writeFieldName("top");
                MAPPER.writeTree(g, top);
            }
            g.writeEndObject();
            g.flush();
            out.write("\n");
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One event of a path as JSON: {@code {"task", "event", "time"}} (also in {@code lcm compose --format json}). */
    public static void event(JsonGenerator g, PathEvent e) throws IOException {
        g.writeStartObject();
        g.writeStringField("task", e.task());
        g.writeStringField("event", e.event());
        g.writeNumberField("time", e.time());
        g.writeEndObject();
    }

    private static ArrayNode rowsNode(List<PathSummary.Row> rows) {
        ArrayNode out = MAPPER.createArrayNode();
        rows(out, rows);
        return out;
    }
}

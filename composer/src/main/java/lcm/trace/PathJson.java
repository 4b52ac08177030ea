package lcm.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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

    public static ObjectNode tree(CriticalPath.Result r) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("length", r.length());
        root.put("unit", "s");
        root.put("start", r.start());
        root.put("end", r.end());
        ArrayNode path = root.putArray("path");
        for (PathEvent e : r.path()) {
            ObjectNode o = path.addObject();
            o.put("task", e.task());
            o.put("event", e.event());
            o.put("time", e.time());
        }
        root.put("events", r.events());
        root.put("tasks", r.tasks());
        if (r.summary() != null) {
            rows(root.putArray("byState"), r.summary().byState());
            rows(root.putArray("byTask"), r.summary().byTask());
            ArrayNode top = root.putArray("top");
            for (PathSummary.Contributor c : r.summary().top()) {
                ObjectNode o = top.addObject();
                o.put("task", c.task());
                o.put("label", c.label());
                o.put("category", c.category().word());
                o.put("seconds", c.seconds());
            }
        }
        return root;
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
        try {
            return MAPPER.writeValueAsString(tree(r)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

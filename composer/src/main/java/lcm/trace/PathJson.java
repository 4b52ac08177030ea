package lcm.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code lcm critical-path --format json} (docs/design.md#json-contract):
 * {@code {"length": NUMBER, "path": [{"task": ..., "event": ..., "time": NUMBER}], "events": N}}.
 */
public final class PathJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private PathJson() {
    }

    public static ObjectNode tree(CriticalPath.Result r) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("length", r.length());
        ArrayNode path = root.putArray("path");
        for (PathEvent e : r.path()) {
            ObjectNode o = path.addObject();
            o.put("task", e.task());
            o.put("event", e.event());
            o.put("time", e.time());
        }
        root.put("events", r.events());
        return root;
    }

    public static String render(CriticalPath.Result r) {
        try {
            return MAPPER.writeValueAsString(tree(r)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

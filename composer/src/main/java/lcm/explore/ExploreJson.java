package lcm.explore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import lcm.annotation.Category;
import lcm.expr.Processors;

import java.io.UncheckedIOException;
import java.util.Map;

/** {@code lcm explore --format json} (docs/explore.md#json-output). */
public final class ExploreJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ExploreJson() {
    }

    public static String render(Exploration e, Map<Integer, String> diffs) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("program", e.program());
        ArrayNode points = o.putArray("points");
        e.points().forEach(p -> points.add(values(p)));
        ObjectNode search = o.putObject("search");
        search.put("depth", e.search().depth());
        search.put("variants", e.search().variants());
        search.put("proposals", e.search().proposals());
        search.put("pruned", e.search().pruned());
        search.put("timed_out", e.search().timedOut());
        o.put("equality", e.resamples() > 0 ? "paired-interval" : "point-predictions");
        o.put("resamples", e.resamples());
        ArrayNode variants = o.putArray("variants");
        for (Ranked r : e.ranked()) {
            ObjectNode v = variants.addObject();
            v.put("number", r.number());
            v.put("rank", r.rank());
            ArrayNode edits = v.putArray("edits");
            for (Edit edit : r.variant().edits()) {
                ObjectNode j = edits.addObject();
                j.put("name", edit.name());
                j.put("target", edit.target().name());
                j.put("at", edit.target().span().file().getFileName() + ":" + edit.target().span().line());
                j.put("reason", edit.reason());
            }
            v.put("time", r.prediction().model().time().text());
            ArrayNode at = v.putArray("at");
            for (int i = 0; i < e.points().size(); i++) {
                ObjectNode j = at.addObject();
                j.put("time", r.prediction().time(i));
                j.put("gain", r.gain(i));
                ObjectNode why = j.putObject("why");
                double p = e.points().get(i).getOrDefault(Processors.NAME, 1.0);
                for (Map.Entry<Category, Double> c : r.why(i, p).entrySet()) {
                    why.put(c.getKey().key(), c.getValue());
                }
            }
            ArrayNode extrapolated = v.putArray("extrapolated");
            r.prediction().extrapolated().stream().distinct().forEach(extrapolated::add);
            if (diffs.containsKey(r.number())) {
                v.put("diff", diffs.get(r.number()));
            }
        }
        ArrayNode refusals = o.putArray("not_proposed");
        for (Refusal r : e.refusals()) {
            ObjectNode j = refusals.addObject();
            j.put("name", r.name());
            j.put("target", r.target().name());
            j.put("why", r.why());
        }
        ArrayNode warnings = o.putArray("warnings");
        e.warnings().forEach(warnings::add);
        try {
            return MAPPER.writeValueAsString(o) + "\n";
        } catch (JsonProcessingException cannot) {
            throw new UncheckedIOException(cannot);
        }
    }

    private static ObjectNode values(Map<String, Double> point) {
        ObjectNode j = MAPPER.createObjectNode();
        point.forEach(j::put);
        return j;
    }
}

package lcm.fit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * {@code lcm fit --format json} (docs/design.md#json-contract): {@code {"category", "variables", "points",
 * "fits": [{"form", "model", "coefficients": [{"name", "value", "ci90"}], "r2", "adj_r2",
 * "cv_error"}], "selected"}}. Numbers that do not exist (no degrees of freedom, a form that
 * could not be fitted) are null; so is {@code selected} when nothing could be fitted. A fit
 * that failed has {@code "model": null} and no coefficients.
 */
public final class FitJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private FitJson() {
    }

    /** @param category the category (or quantity) as the user asked for it */
    public static ObjectNode tree(FitResult r, String category) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("category", category);
        ArrayNode vars = root.putArray("variables");
        r.variables().forEach(vars::add);
        root.put("points", r.points());
        ObjectNode observations = root.putObject("observations");
        observations.put("runs", r.series().runs());
        observations.put("points", r.series().points());
        observations.put("executions", r.series().executions());
        root.put("ranked_by", "cv_relative");
        ArrayNode fits = root.putArray("fits");
        for (Fit f : r.fits()) {
            ObjectNode o = fits.addObject();
            o.put("form", f.candidate().form().text());
            if (f.ok()) {
                o.put("model", f.model().text());
            } else {
                o.putNull("model");
            }
            ArrayNode cs = o.putArray("coefficients");
            for (Coefficient c : f.coefficients()) {
                ObjectNode co = cs.addObject();
                co.put("name", c.name());
                number(co, "value", c.value());
                number(co, "ci90", c.ci90());
            }
            number(o, "r2", f.r2());
            number(o, "adj_r2", f.adjR2());
            number(o, "cv_error", f.cvError());
            number(o, "cv_relative", f.cvRelative());
        }
        if (r.selected() < 0) {
            root.putNull("selected");
        } else {
            root.put("selected", r.selected());
        }
        return root;
    }

    /** With {@code predictions}: each point's value and 90 % prediction interval. */
    public static ObjectNode tree(FitResult r, String category, List<Prediction> predictions) {
        ObjectNode root = tree(r, category);
        if (!predictions.isEmpty()) {
            ArrayNode ps = root.putArray("predictions");
            for (Prediction p : predictions) {
                ObjectNode o = ps.addObject();
                ObjectNode at = o.putObject("at");
                for (int i = 0; i < r.variables().size(); i++) {
                    number(at, r.variables().get(i), p.at()[i]);
                }
                number(o, "value", p.value());
                number(o, "low90", p.low());
                number(o, "high90", p.high());
                o.put("extrapolated", p.extrapolated());
            }
        }
        ArrayNode notes = root.putArray("notes");
        r.notes().forEach(notes::add);
        return root;
    }

    public static String render(FitResult r, String category, List<Prediction> predictions) {
        return write(tree(r, category, predictions));
    }

    /** Any tree as indented JSON with a final newline. */
    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An empty array node, for lists of results. */
    public static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    public static String render(FitResult r, String category) {
        try {
            return MAPPER.writeValueAsString(tree(r, category)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void number(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.putNull(key);
        }
    }
}

package lcm.fit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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
        }
        if (r.selected() < 0) {
            root.putNull("selected");
        } else {
            root.put("selected", r.selected());
        }
        return root;
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

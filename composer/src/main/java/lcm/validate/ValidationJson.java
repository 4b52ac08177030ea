package lcm.validate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Locale;
import java.util.TreeMap;

/**
 * {@code lcm validate --format json}: the points, the figures, the naive answers, the verdicts'
 * count and the warnings as one JSON object (its keys in docs/validation.md, "JSON output").
 * A figure that does not exist (an interval without resamples, a naive answer A's runs do not
 * give) is null.
 */
public final class ValidationJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ValidationJson() {
    }

    public static String of(ValidationResult r) {
        ObjectNode o = MAPPER.createObjectNode();
        ArrayNode points = o.putArray("points");
        for (ValidationRow p : r.points()) {
            ObjectNode x = points.addObject();
            ObjectNode at = x.putObject("point");
            new TreeMap<>(p.point()).forEach(at::put);
            number(x, "predicted", p.predicted().value());
            number(x, "low", p.predicted().hasInterval() ? p.predicted().low() : Double.NaN);
            number(x, "high", p.predicted().hasInterval() ? p.predicted().high() : Double.NaN);
            x.put("measured", p.measured().time());
            x.put("runs", p.measured().runs().size());
            number(x, "error", p.error());
            ObjectNode naive = x.putObject("naive");
            for (NaiveBaseline b : r.naive().isPresent() ? NaiveBaseline.values() : new NaiveBaseline[0]) {
                number(naive, b.key(), p.naive().getOrDefault(b, Double.NaN));
            }
            p.versus().ifPresent(v -> {
                ObjectNode a = x.putObject("versus");
                number(a, "predicted", v.predicted().value());
                number(a, "measured", v.measured().map(MeasuredPoint::time).orElse(Double.NaN));
                a.put("answer", v.answer().name().toLowerCase(Locale.ROOT));
            });
            ObjectNode cats = x.putObject("categories");
            new TreeMap<>(p.categories()).forEach((k, v) -> number(cats, k, v));
        }
        number(o, "median_abs_error", r.medianAbsError());
        number(o, "max_abs_error", r.maxAbsError());
        o.put("fitted_runs", r.fittedRuns());
        o.put("resamples", r.resamples());
        r.error().ifPresent(e -> {
            ObjectNode m = o.putObject("model_error");
            number(m, "noise", e.noise());
            number(m, "composition", e.composition());
            number(m, "forward_per_doubling", e.forward());
            number(m, "fitted_p", e.fittedP());
        });
        ArrayNode naive = o.putArray("naive");
        for (BaselineFigures f : r.baselines()) {
            ObjectNode b = naive.addObject();
            b.put("baseline", f.baseline().key());
            b.put("pmax", f.pmax());
            b.put("points", f.points());
            b.put("of", f.of());
            number(b, "median_abs_error", f.median());
            number(b, "max_abs_error", f.max());
            number(b, "lcm_median_abs_error", f.lcmMedian());
            if (f.lcmBeats().isPresent()) {
                b.put("lcm_beats", f.lcmBeats().get());
            } else {
                b.putNull("lcm_beats");
            }
        }
        if (r.hasVersus()) {
            ObjectNode v = o.putObject("verdicts");
            v.put("right", r.verdictsRight());
            v.put("of", r.differing().size());
        }
        ArrayNode warnings = o.putArray("warnings");
        r.warnings().forEach(warnings::add);
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A finite number, or null. */
    private static void number(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.putNull(key);
        }
    }
}

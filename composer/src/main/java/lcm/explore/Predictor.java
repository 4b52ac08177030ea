package lcm.explore;

import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Composes a variant with lcm's one composer and evaluates it at the points asked. A point
 * names every variable of the program as it is; a variant that lost a variable ignores it.
 */
final class Predictor {

    private final ComposeOptions options;
    private final List<Map<String, Double>> points;

    Predictor(ComposeOptions options, List<Map<String, Double>> points) {
        this.options = options.withoutRules().withoutSimplification();
        this.points = List.copyOf(points);
    }

    /** The prediction, or the composer's error for a variant lcm's rules cannot compose. */
    Prediction predict(Variant v) {
        ComposedModel model = new Composer(options).compose(v.program());
        List<ComposedModel.PointValues> values = model.evaluate(points);
        List<String> extrapolated = new ArrayList<>();
        for (ComposedModel.PointValues pv : values) {
            pv.warnings().stream().filter(w -> w.contains("extrapolated")).forEach(extrapolated::add);
        }
        return new Prediction(v, model, values, extrapolated);
    }

    /** Like {@link #predict}, with the composer's errors as an empty result and a warning. */
    List<Prediction> predictAll(List<Variant> variants, List<String> warnings) {
        List<Prediction> out = new ArrayList<>(variants.size());
        for (Variant v : variants) {
            try {
                out.add(predict(v));
            } catch (UserError cannot) {
                if (v.original()) {
                    throw cannot;
                }
                warnings.add("variant " + v.label() + " does not compose: " + cannot.getMessage().lines().findFirst()
                        .orElse(""));
            }
        }
        return out;
    }
}

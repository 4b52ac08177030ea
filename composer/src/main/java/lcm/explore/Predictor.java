package lcm.explore;

import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.source.UserError;
import lcm.width.PointCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Composes a variant with lcm's one composer and evaluates it at the points asked. A point
 * names every variable of the program as it is; a variant that lost a variable ignores it. One
 * composer composes every variant of an exploration, reusing the nodes a variant shares with
 * those composed before it (the program as it is, the variant it was made from): only the nodes
 * an edit made, and those above them, are composed again (docs/explore.md, "Search").
 */
final class Predictor {

    /**
     * Node compositions kept per exploration: a variant adds those of the nodes its edit made and
     * of the nodes above them (11 a variant for the 1,160 variants to depth 3 of a generated
     * program of 32 fragments and calls: 12,538 kept); the least recently used go first.
     */
    static final int KEPT = 1 << 16;

    private final Composer composer;
    private final List<Map<String, Double>> points;

    Predictor(ComposeOptions options, List<Map<String, Double>> points) {
        this.composer = Composer.reusingSubtrees(options.withoutRules().withoutSimplification(), KEPT);
        this.points = List.copyOf(points);
    }

    /** What the composer has reused so far. */
    Composer.Reuse reuse() {
        return composer.reuse();
    }

    /** The prediction, or the composer's error for a variant lcm's rules cannot compose. */
    Prediction predict(Variant v) {
        ComposedModel model = composer.compose(v.program());
        // the warnings explore keeps are the extrapolations: the text of the others is not built
        List<ComposedModel.PointValues> values = model.evaluate(points, PointCheck.Kind.EXTRAPOLATION);
        List<String> extrapolated = new ArrayList<>();
        for (ComposedModel.PointValues pv : values) {
            extrapolated.addAll(pv.warnings());
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

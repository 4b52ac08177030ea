package lcm.explore;

import lcm.annotation.Category;
import lcm.compose.ComposedModel;

import java.util.List;
import java.util.Map;

/**
 * A variant composed and evaluated at the points asked.
 *
 * @param values       T_P and the categories at each point, in the order of the points
 * @param extrapolated the model's extrapolation warnings at the points ({@code fitted-on:} ranges exceeded)
 */
public record Prediction(Variant variant, ComposedModel model, List<ComposedModel.PointValues> values,
                         List<String> extrapolated) {

    public Prediction {
        values = List.copyOf(values);
        extrapolated = List.copyOf(extrapolated);
    }

    public double time(int point) {
        return values.get(point).time();
    }

    public Map<Category, Double> categories(int point) {
        return values.get(point).categories();
    }

    /** The geometric mean over the points of this variant's time over {@code base}'s: below 1 is faster. */
    public double ratio(Prediction base) {
        double logs = 0;
        for (int i = 0; i < values.size(); i++) {
            logs += Math.log(time(i) / base.time(i));
        }
        return Math.exp(logs / values.size());
    }

    /** Whether this and {@code other} predict the same times at every point (to 1e-9 relative). */
    public boolean sameTimes(Prediction other) {
        for (int i = 0; i < values.size(); i++) {
            double a = time(i);
            double b = other.time(i);
            if (Math.abs(a - b) > 1e-9 * Math.max(Math.abs(a), Math.abs(b))) {
                return false;
            }
        }
        return true;
    }
}

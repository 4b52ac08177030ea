package lcm.compare;

import lcm.expr.Evaluator;
import lcm.annotation.Category;
import java.util.Map;

/** Lost cycles of each category of a model at a point (processor-seconds), in {@link Category} order. */
public final class CategoryValues {

    private CategoryValues() {
    }

    /** {@code fixed}: a model with the domain's fixed values substituted; {@code at}: a value per axis. */
    public static double[] at(Alternative fixed, Map<String, Double> at) {
        Category[] cs = Category.values();
        double[] out = new double[cs.length];
        at = fixed.complete(at);
        for (int i = 0; i < cs.length; i++) {
            out[i] = Evaluator.eval(fixed.categories().get(cs[i]), at);
        }
        return out;
    }

    /**
     * Each category's share of T_P: category · T_P / (sum of the categories). Lost cycles are
     * conserved (docs/design.md#model-semantics: sum / p = T_P), so this is category / p, whatever fixes p (a model
     * file's vars: line, --fix, or the axis).
     */
    static double[] shareOfTime(Alternative fixed, Map<String, Double> at) {
        double[] v = at(fixed, at);
        double total = sum(v);
        double time = fixed.timeAt(at);
        double scale = total == 0 ? 0 : time / total;
        for (int i = 0; i < v.length; i++) {
            v[i] *= scale;
        }
        return v;
    }

    static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }
}

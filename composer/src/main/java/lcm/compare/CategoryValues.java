package lcm.compare;

import lcm.annotation.Category;
import lcm.expr.Evaluator;
import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
     * Why one structure costs more than another at a point: the two categories whose lost cycles
     * differ most between {@code b} and {@code a} (the models' defaults complete the point), as a
     * sentence: {@code Why, at n = 1024, p = 2: B has 0.123 processor-seconds more ... than A.}
     */
    public static String why(String aName, String bName, Alternative a, Alternative b, Map<String, Double> point) {
        double[] x = at(a, withDefaults(a, point));
        double[] y = at(b, withDefaults(b, point));
        List<Category> order = new ArrayList<>(List.of(Category.values()));
        order.sort((u, v) -> Double.compare(Math.abs(y[v.ordinal()] - x[v.ordinal()]),
                Math.abs(y[u.ordinal()] - x[u.ordinal()])));
        StringBuilder s = new StringBuilder("Why, at " + NumberText.point(point) + ": " + bName + " has ");
        for (int i = 0; i < 2; i++) {
            Category c = order.get(i);
            double d = y[c.ordinal()] - x[c.ordinal()];
            s.append(i == 0 ? "" : " and ").append(NumberText.digits(Math.abs(d), 3)).append(" processor-seconds ")
                    .append(d > 0 ? "more " : "less ").append(c.title()).append(" (").append(c.key()).append(')');
        }
        return s.append(" than ").append(aName).append('.').toString();
    }

    private static Map<String, Double> withDefaults(Alternative a, Map<String, Double> at) {
        Map<String, Double> point = new LinkedHashMap<>(a.defaults());
        point.putAll(at);
        return point;
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

package lcm.compare;

import lcm.expr.Processors;
import lcm.values.Point;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the per-category bars are drawn (the thesis' Fig. 4.5 style). Given: one point per
 * {@code --bars n=1024,p=26}, a value for every ranging variable. Default: across the column
 * axis at its shown values (powers of two when they fit), with the row axis at its upper end.
 */
final class BarPoints {

    static final int DEFAULT_COUNT = 6;

    private BarPoints() {
    }

    static List<Map<String, Double>> resolve(List<Point> given, Domain domain) {
        List<Map<String, Double>> out = new ArrayList<>();
        List<String> axes = domain.axes().stream().map(Axis::variable).toList();
        for (Point bar : given) {
            String text = bar.text();
            Map<String, Double> v = bar.values();
            for (String k : v.keySet()) {
                if (!axes.contains(k)) {
                    throw UserError.of("--bars " + text + ": '" + k + "' does not range (the ranging variables: "
                            + String.join(", ", axes) + ")");
                }
            }
            Map<String, Double> point = new LinkedHashMap<>();
            for (String a : axes) {
                if (!v.containsKey(a)) {
                    throw UserError.of("--bars " + text + ": no value for '" + a + "' (give every ranging variable: "
                            + String.join(", ", axes) + ")");
                }
                point.put(a, v.get(a));
            }
            if (point.containsKey(Processors.NAME) && !(point.get(Processors.NAME) > 0)) {
                throw UserError.of("--bars " + text + ": p must be above 0");
            }
            out.add(point);
        }
        if (!out.isEmpty()) {
            return out;
        }
        double[] columns = domain.column().representatives(DEFAULT_COUNT);
        for (double c : columns) {
            Map<String, Double> point = new LinkedHashMap<>();
            for (Axis a : domain.axes()) {
                point.put(a.variable(), a == domain.column() ? c : a.to());
            }
            out.add(point);
        }
        return out;
    }
}

package lcm.fit;

import lcm.measure.Measurement;

import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Variables that move together in the data: when every measurement's value of one variable
 * determines another's (d1 = d2 = d3, or n = 2*p throughout), the data cannot tell their effects
 * apart, and a product of their projections (d1^3*d2^3*d3^3) is meaningless. The later variables
 * of such a group are left out, with a note naming the group; the model is written in the first
 * (which stands for the combination).
 */
public final class Collinear {

    private Collinear() {
    }

    /** {@code variables} without each one determined by an earlier one; notes say which. */
    public static List<String> reduce(List<Measurement> data, List<String> variables, List<String> notes) {
        List<String> kept = new ArrayList<>();
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (String v : variables) {
            String leader = kept.stream().filter(k -> determines(data, k, v) && determines(data, v, k)).findFirst().orElse(null);
            if (leader == null) {
                kept.add(v);
            } else {
                groups.computeIfAbsent(leader, k -> new ArrayList<>(List.of(k))).add(v);
            }
        }
        for (List<String> g : groups.values()) {
            notes.add(String.join(", ", g) + " move together in the data (each determines the others at every "
                    + "measurement), so their effects cannot be told apart; modelled against " + g.get(0) + " alone, which "
                    + "stands for the combination; measure them varied independently to separate them");
        }
        return List.copyOf(kept);
    }

    /** Whether the value of {@code a} fixes the value of {@code b} in every measurement holding both. */
    private static boolean determines(List<Measurement> data, String a, String b) {
        Map<Double, Double> seen = new HashMap<>();
        for (Measurement m : data) {
            Double x = m.values().get(a);
            Double y = m.values().get(b);
            if (x == null || y == null) {
                continue;
            }
            Double before = seen.putIfAbsent(x, y);
            if (before != null && !before.equals(y)) {
                return false;
            }
        }
        return true;
    }

    /** {@link #reduce(List, List, List)} on a series' points: the variables of {@code s} kept. */
    static List<String> reduce(Series s, List<String> notes) {
        List<Measurement> rows = new ArrayList<>();
        for (int i = 0; i < s.points(); i++) {
            Map<String, Double> m = new java.util.LinkedHashMap<>();
            for (int j = 0; j < s.variables().size(); j++) {
                m.put(s.variables().get(j), s.pointX(i)[j]);
            }
            rows.add(new Measurement("", m, lcm.source.SourceLocation.of(java.nio.file.Path.of("-"), 1, 1)));
        }
        return reduce(rows, s.variables(), notes);
    }

    /** {@code s} with only the columns of {@code kept}. */
    static Series keep(Series s, List<String> kept) {
        double[][] x = new double[s.rows()][];
        double[] y = new double[s.rows()];
        for (int r = 0; r < s.rows(); r++) {
            x[r] = new double[kept.size()];
            for (int j = 0; j < kept.size(); j++) {
                x[r][j] = s.rowX(r)[s.variables().indexOf(kept.get(j))];
            }
            y[r] = s.rowY(r);
        }
        return Series.of(kept, x, y);
    }
}

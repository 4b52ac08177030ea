package lcm.compare;

import lcm.expr.NumberText;
import lcm.expr.Expr;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything {@code lcm compare} found, for the report writers and plots.
 *
 * @param models      the alternatives as loaded
 * @param fixed       the same with the domain's fixed values substituted (functions of the axes)
 * @param times       T_P of each fixed model, simplified for display
 * @param domain      where they were compared
 * @param differences T_first - T_k for each later model, simplified
 * @param grid        T_P of each model on the grid and the best model at each point
 * @param crossovers  every change of the best model on the grid lines, bisected
 * @param regions     the best-structure map as rectangles
 * @param rows        shown values of the row axis and the crossovers along the column axis there
 * @param processors  speedup, dT/dp and best p of each model
 * @param bars        points where the per-category bars are drawn (one value per axis)
 * @param verdict     the answer in words
 * @param warnings    warnings of the compositions and the evaluation
 */
public record Comparison(List<Alternative> models, List<Alternative> fixed, List<Expr> times, Domain domain,
                         List<Difference> differences, Grid grid, List<Crossover> crossovers, List<Region> regions,
                         List<RowView> rows, List<ProcessorAnalysis> processors, List<Map<String, Double>> bars,
                         Verdict verdict, List<String> warnings) {

    /** T_first - T_second, simplified. */
    public record Difference(int first, int second, Expr expr) {
    }

    /** A shown value of the row axis (NaN without one) and the crossovers along the column axis there. */
    public record RowView(double row, List<Crossover> crossovers) {
        public RowView {
            crossovers = List.copyOf(crossovers);
        }
    }

    public Comparison {
        models = List.copyOf(models);
        fixed = List.copyOf(fixed);
        times = List.copyOf(times);
        differences = List.copyOf(differences);
        crossovers = List.copyOf(crossovers);
        regions = List.copyOf(regions);
        rows = List.copyOf(rows);
        processors = List.copyOf(processors);
        bars = bars.stream().map(b -> Collections.unmodifiableMap(new LinkedHashMap<>(b))).toList();
        warnings = List.copyOf(warnings);
    }

    /** "n from 64 to 1024, p = 26": the axes and the fixed values. */
    public String rangeText() {
        return rangeText(domain);
    }

    static String rangeText(Domain domain) {
        StringBuilder s = new StringBuilder();
        for (Axis a : domain.axes()) {
            s.append(s.length() == 0 ? "" : ", ").append(a.variable()).append(" from ").append(NumberText.plain(a.from()))
                    .append(" to ").append(NumberText.plain(a.to()));
        }
        domain.fixed().forEach((k, v) -> s.append(", ").append(k).append(" = ").append(NumberText.plain(v)));
        return s.toString();
    }

    /** The difference of the first two models. */
    public Difference difference() {
        return differences.get(0);
    }
}

package lcm.compare;

import lcm.compose.PointWarnings;

import lcm.algebra.Alg;
import lcm.algebra.Expansion;
import lcm.expr.Expr;
import lcm.expr.NumberText;
import lcm.source.UserError;
import lcm.symbolic.Simplifier;
import lcm.symbolic.SymjaCalculus;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The compare pipeline: resolve the domain, fix variables, evaluate the grid, find crossovers
 * and regions, then the symbolic part (models and differences in lcm's expanded form, speedup,
 * dT/dp, best p). The symbolic part is lcm's own exact algebra ({@link Expansion},
 * {@link lcm.algebra.Derivative}); Symja is started only when the request asks for it
 * ({@link CompareRequest#symja()}), so a compare does not load it otherwise.
 */
public final class Comparer {

    private final CompareRequest request;

    public Comparer(CompareRequest request) {
        this.request = request;
    }

    public Comparison compare(List<Alternative> models) {
        if (models.size() < 2) {
            throw UserError.of("compare needs at least two models (got " + models.size() + ")");
        }
        if (request.symja()) {
            Simplifier.warmUp(); // Symja starts while the grid is evaluated
        }
        Domain domain = DomainResolver.resolve(models, request.range(), request.fix(), request.points());
        List<Map<String, Double>> bars = BarPoints.resolve(request.bars(), domain);
        List<Alternative> fixed = models.stream().map(m -> m.fix(domain.fixed())).toList();

        CompiledModels compiled = new CompiledModels(fixed, domain);
        Grid grid = Grid.evaluate(domain, compiled);
        CrossoverFinder finder = new CrossoverFinder(domain, compiled);
        List<Crossover> crossovers = finder.onGrid(grid);
        List<Region> regions = new RegionMapper(domain, grid, compiled).regions();
        List<Comparison.RowView> rows = new ArrayList<>();
        double[] shown = domain.row().map(a -> a.representatives(ProcessorAnalyzer.ROWS)).orElse(new double[] {Double.NaN});
        for (double r : shown) {
            rows.add(new Comparison.RowView(r, finder.alongColumn(r)));
        }

        Set<String> variables = new LinkedHashSet<>();
        models.forEach(m -> variables.addAll(m.variables()));
        Supplier<SymjaCalculus> symja = request.symja() ? onDemand(Alternative.ordered(variables)) : null;
        List<Expr> times = fixed.stream().map(m -> m.synchronizes() ? m.time() : shown(m.time(), symja)).toList();
        List<Comparison.Difference> differences = new ArrayList<>();
        for (int k = 1; k < fixed.size(); k++) {
            Expr d = Alg.sub(fixed.get(0).time(), fixed.get(k).time());
            boolean closed = !fixed.get(0).synchronizes() && !fixed.get(k).synchronizes();
            differences.add(new Comparison.Difference(0, k, closed ? shown(d, symja) : d));
        }
        ProcessorAnalyzer analyzer = new ProcessorAnalyzer(domain, symja);
        List<ProcessorAnalysis> processors = models.stream().map(analyzer::analyze).toList();

        String rangeText = Comparison.rangeText(domain);
        Verdict verdict = Verdict.of(models, grid, regions, crossovers, rangeText);
        return new Comparison(models, fixed, times, domain, differences, grid, crossovers, regions, rows, processors,
                bars, verdict, warnings(models, fixed, grid));
    }

    /** {@code e} in lcm's expanded form; with Symja also its simplification, when that reads shorter. */
    static Expr shown(Expr e, Supplier<SymjaCalculus> symja) {
        Expr own = Expansion.display(e);
        return symja == null ? own : symja.get().simplify(own);
    }

    /** Symja's calculus, made on first use (making it loads Symja). */
    private Supplier<SymjaCalculus> onDemand(List<String> variables) {
        SymjaCalculus[] made = new SymjaCalculus[1];
        return () -> {
            if (made[0] == null) {
                made[0] = new SymjaCalculus(variables, request.symbolicTime());
            }
            return made[0];
        };
    }

    private static List<String> warnings(List<Alternative> models, List<Alternative> fixed, Grid grid) {
        Set<String> out = new LinkedHashSet<>(); // a source compared with itself warns once
        for (Alternative m : models) {
            // a warning that names its own file and line needs no model name before it
            m.warnings().forEach(w -> out.add(w.startsWith(m.file() + ":") || w.startsWith(m.name() + ":") ? w
                    : m.name() + ": " + w));
            out.addAll(extrapolations(m, grid.domain()));
            if (m.synchronizes()) {
                out.add(m.name() + ": its tasks synchronize, so T_P comes from critical paths computed at each point; "
                        + "crossovers and the best p are found numerically");
            }
        }
        for (int m = 0; m < models.size(); m++) {
            if (grid.nonFinite()[m] == 0) {
                continue;
            }
            int first = 0;
            while (Grid.usable(grid.times()[m][first])) {
                first++;
            }
            int r = first / grid.columns();
            int c = first % grid.columns();
            StringBuilder at = new StringBuilder();
            Map<String, Double> point = new java.util.LinkedHashMap<>();
            for (Axis a : grid.domain().axes()) {
                double v = a == grid.domain().column() ? grid.columnValue(c) : grid.rowValue(r);
                at.append(at.length() == 0 ? "" : ", ").append(a.variable()).append(" = ").append(NumberText.plain(v));
                point.put(a.variable(), v);
            }
            double bad = grid.times()[m][first];
            out.add(models.get(m).name() + ": T_P is " + (Double.isFinite(bad) ? "negative (" + NumberText.plain(bad) + " s)"
                    : "not a finite number") + " at " + grid.nonFinite()[m] + " of "
                    + grid.size() + " grid points (first at " + at + badCategories(fixed.get(m), point)
                    + "); those points count for no model");
        }
        return List.copyOf(out);
    }

    /**
     * Where a fragment model of {@code m} is used more than 2x beyond the range it was fitted on:
     * its checks at the range's largest values (widths and sizes grow with the variables).
     */
    private static List<String> extrapolations(Alternative m, Domain domain) {
        if (m.extrapolations().isEmpty()) {
            return List.of();
        }
        Map<String, Double> largest = new java.util.LinkedHashMap<>(m.defaults());
        largest.putAll(domain.fixed());
        for (Axis a : domain.axes()) {
            largest.put(a.variable(), java.util.Arrays.stream(a.values()).max().orElse(Double.NaN));
        }
        return PointWarnings.of(0, Map.of(), m.extrapolations(), largest).stream()
                .map(w -> m.name() + ": " + w + " (the range's largest values)").toList();
    }

    /** ", where pc = -100": the categories negative or not finite at {@code point} (processor-seconds). */
    private static String badCategories(Alternative fixed, Map<String, Double> point) {
        if (fixed.synchronizes()) {
            return "";
        }
        double[] v;
        try {
            v = CategoryValues.at(fixed, point);
        } catch (RuntimeException e) {
            return "";
        }
        List<String> bad = new ArrayList<>();
        lcm.annotation.Category[] cs = lcm.annotation.Category.values();
        for (int i = 0; i < cs.length; i++) {
            if (!Grid.usable(v[i])) {
                bad.add(cs[i].key() + " = " + NumberText.plain(v[i]));
            }
        }
        return bad.isEmpty() ? "" : ", where " + String.join(", ", bad) + " processor-seconds";
    }
}

package lcm.compare;

import lcm.expr.Processors;
import lcm.algebra.Alg;
import lcm.algebra.Derivative;
import lcm.algebra.Expansion;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.expr.NumberText;
import lcm.source.UserError;
import lcm.symbolic.SymjaCalculus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Speedup, efficiency, dT/dp and the best p of one model (docs/compare.md, "What is computed"),
 * in lcm's own exact algebra ({@link Expansion}, {@link Derivative}). The best p is symbolic when
 * dT/dp = 0 is solved in closed form ({@link StationaryPoints}; with Symja asked for, also by
 * Symja's Solve where lcm cannot) and its roots do at least as well as the numeric search;
 * otherwise numeric.
 */
final class ProcessorAnalyzer {

    /** Shown rows of the best-p table. */
    static final int ROWS = 5;

    private final Domain domain;
    /** Symja, made on demand; null when not asked for. */
    private final Supplier<SymjaCalculus> symja;

    ProcessorAnalyzer(Domain domain, Supplier<SymjaCalculus> symja) {
        this.domain = domain;
        this.symja = symja;
    }

    ProcessorAnalysis analyze(Alternative model) {
        Map<String, Double> others = new LinkedHashMap<>(domain.fixed());
        Double fixedP = others.remove(Processors.NAME);
        Alternative m = model.fix(others);
        if (!m.hasP()) {
            return ProcessorAnalysis.without("T_P of " + model.name() + " does not depend on p"
                    + (model.kind() == Alternative.Kind.MODEL_FILE ? " (its model file fixes p with vars:)" : ""));
        }
        Expr p = new Expr.Var(Processors.NAME);
        Expr t = m.time();
        if (m.synchronizes()) {
            return numericOnly(m, fixedP);
        }
        Expr t1 = Alg.substitute(t, Map.of(Processors.NAME, Alg.ONE));
        Optional<Expr> speedup = Optional.of(shown(ratio(t1, t)));
        Optional<Expr> efficiency = Optional.of(shown(ratio(t1, Alg.mul(p, t))));
        Optional<Expansion> dT = Optional.empty();
        Optional<Expr> derivative = Optional.empty();
        String derivativeNote = "";
        try {
            Expansion d = Derivative.of(t, Processors.NAME);
            derivative = Optional.of(shown(d.expr()));
            dT = Optional.of(d);
        } catch (Derivative.NoClosedForm e) {
            derivativeNote = e.getMessage();
        } catch (ArithmeticException | UserError undefined) {
            derivativeNote = "the derivative is not defined everywhere (" + undefined.getMessage() + ")";
        }
        if (fixedP != null) {
            return new ProcessorAnalysis(speedup, efficiency, derivative, derivativeNote, List.of(),
                    ProcessorAnalysis.Method.NONE, List.of(),
                    "p is fixed at " + NumberText.plain(fixedP) + " (" + domain.origins().get(Processors.NAME) + "): no best p");
        }
        Axis pAxis = domain.column();
        BestPSearch search = new BestPSearch(m.function(domain.order()), domain.order().size(), pAxis);
        double[] rows = domain.row().map(a -> a.representatives(ROWS)).orElse(new double[] {Double.NaN});
        String rowVar = domain.row().map(Axis::variable).orElse(null);

        List<BestP> numeric = new ArrayList<>();
        for (double row : rows) {
            double[] r = search.numeric(row);
            numeric.add(best(search, r, row));
        }
        List<Expr> roots = List.of();
        List<BestP> symbolic = null;
        Optional<List<Expr>> zeros = dT.flatMap(d -> StationaryPoints.solve(d, Processors.NAME));
        if (zeros.isEmpty() && derivative.isPresent() && symja != null) {
            zeros = symja.get().zeros(derivative.get(), Processors.NAME).value(); // what lcm cannot solve, Symja may
        }
        if (zeros.isPresent()) {
            roots = zeros.get();
            symbolic = new ArrayList<>();
            for (int i = 0; i < rows.length; i++) {
                double[] candidates = values(roots, rowVar, rows[i]);
                BestP s = best(search, search.among(candidates, rows[i]), rows[i]);
                BestP n = numeric.get(i);
                if (!(s.time() <= n.time() * (1 + 1e-9) + 1e-300)) {
                    symbolic = null;
                    break;
                }
                symbolic.add(s);
            }
        }
        boolean symbolicWins = symbolic != null;
        return new ProcessorAnalysis(speedup, efficiency, derivative, derivativeNote,
                symbolicWins ? symbolic : numeric,
                symbolicWins ? ProcessorAnalysis.Method.SYMBOLIC : ProcessorAnalysis.Method.NUMERIC,
                symbolicWins ? roots : List.of(), "");
    }

    /**
     * a / b in lcm's expanded form: over a common denominator ({@code 51*p/(p^2+50)}), or each side
     * expanded when that reads shorter (a composed model's coefficients over a common denominator
     * grow to 16 digits); as written where the expanded form is undefined.
     */
    private static Expr ratio(Expr a, Expr b) {
        try {
            Expansion top = Expansion.of(a);
            Expansion bottom = Expansion.of(b);
            Expr together = top.dividedBy(bottom).expr();
            Expr sides = Alg.div(top.expr(), bottom.expr());
            return together.text().length() <= sides.text().length() ? together : sides;
        } catch (ArithmeticException | UserError undefined) {
            return Alg.div(a, b);
        }
    }

    /** With Symja asked for, its simplification when that reads shorter. */
    private Expr shown(Expr own) {
        return symja == null ? own : symja.get().simplify(own);
    }

    /** A synchronized model: no closed form to differentiate; the best p by search. */
    private ProcessorAnalysis numericOnly(Alternative m, Double fixedP) {
        String note = "synchronized model (critical paths at each point): no symbolic speedup or dT/dp";
        if (fixedP != null) {
            return new ProcessorAnalysis(Optional.empty(), Optional.empty(), Optional.empty(), note, List.of(),
                    ProcessorAnalysis.Method.NONE, List.of(),
                    "p is fixed at " + NumberText.plain(fixedP) + " (" + domain.origins().get(Processors.NAME) + "): no best p");
        }
        BestPSearch search = new BestPSearch(m.function(domain.order()), domain.order().size(), domain.column());
        double[] rows = domain.row().map(a -> a.representatives(ROWS)).orElse(new double[] {Double.NaN});
        List<BestP> numeric = new ArrayList<>();
        for (double row : rows) {
            numeric.add(best(search, search.numeric(row), row));
        }
        return new ProcessorAnalysis(Optional.empty(), Optional.empty(), Optional.empty(), note, numeric,
                ProcessorAnalysis.Method.NUMERIC, List.of(), "");
    }

    private BestP best(BestPSearch search, double[] pt, double row) {
        double t1 = search.at(1, row);
        double speedup = t1 / pt[1];
        double width = 1e-9 * (domain.column().to() - domain.column().from());
        boolean inside = pt[0] > domain.column().from() + width && pt[0] < domain.column().to() - width;
        return new BestP(row, pt[0], pt[1], speedup, speedup / pt[0], inside);
    }

    private static double[] values(List<Expr> roots, String rowVar, double row) {
        List<Double> out = new ArrayList<>();
        for (Expr r : roots) {
            try {
                double v = Evaluator.eval(r, rowVar == null ? Map.of() : Map.of(rowVar, row));
                if (Double.isFinite(v)) {
                    out.add(v);
                }
            } catch (IllegalArgumentException otherVariables) {
                // a root in variables other than the row axis cannot be placed: not a candidate
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }
}

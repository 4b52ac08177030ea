package lcm.fit;

import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Multi-variable fits ({@code -v "n p"}), the thesis' Fig. 5.4 steps 2(a)-2(d) done by the tool:
 * <ol>
 * <li>For each variable, its univariate projection: every candidate form of the category for
 * that variable (linear ones, plus the normal-form search where it applies) is fitted on every
 * line of the data along the variable (the other variables held at one combination of values),
 * and scored by the pooled relative cross-validation error, the sum over lines of the
 * leave-one-point-out squared errors divided by the sum of the lines' total sums of squares.
 * Pooling all lines keeps a line where the variable happens to have no effect (Extra-P's
 * two_parameter_1 at y = 1) from deciding the shape. The best form under {@link Ranking}'s rule
 * gives the variable's terms; a variable whose best form is constant has none.</li>
 * <li>The term pool: every product of one term from each of a non-empty set of variables.</li>
 * <li>Hypotheses: sums of up to {@value #MAX_TERMS} pool terms (fewer when the count would pass
 * {@value #BUDGET}) that together mention every variable with terms, plus a constant when any
 * projection has one. Each is fitted to all the data and ranked by the same rule
 * (leave-one-point-out CV, parsimony within the band).</li>
 * </ol>
 * The best {@value #SHOWN} hypotheses and the user's formulas are returned, ranked.
 */
final class MultiVariableSearch {

    static final int MAX_TERMS = 3;
    static final int BUDGET = 20000;
    static final int SHOWN = 10;

    private final ModelFitter fitter;

    private record PoolTerm(Expr expr, int mask) {
    }

    MultiVariableSearch(ModelFitter fitter) {
        this.fitter = fitter;
    }

    FitResult fit(FitRequest request, Series all) {
        List<String> vars = request.variables();
        List<String> notes = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        boolean constant = false;
        for (int v = 0; v < vars.size(); v++) {
            Projection p = project(request, all, v, notes);
            projections.add(p);
            constant |= hasConstant(p.form());
        }
        List<PoolTerm> pool = pool(projections);
        List<Fit> fits = new ArrayList<>(search(all, vars, pool, projections, constant, notes));
        for (CandidateForm f : request.formulas()) {
            fits.add(fitter.fitOne(f, all));
        }
        return ModelFitter.result(request, all, fits, projections, notes);
    }

    /** Step 1: the best univariate form of variable {@code v}, scored over all lines along it. */
    private Projection project(FitRequest request, Series all, int v, List<String> notes) {
        String variable = request.variables().get(v);
        List<Series> lines = lines(all, v);
        int lineCount = lines.size();
        if (lines.isEmpty()) {
            notes.add("no line of the data varies " + variable + " alone; its projection was fitted to all measurements");
            lines = List.of(all.project(v));
        }
        List<CandidateForm> forms = new ArrayList<>();
        if (request.defaults()) {
            for (CandidateForm f : fitter.table().forms(request.category(), variable)) {
                if (fitter.prepare(f).linear()) {
                    forms.add(f);
                }
            }
        }
        boolean search = request.normalForm() || forms.isEmpty()
                || (request.defaults() && fitter.table().normalForm(request.category(), variable));
        NormalFormSearch nf = fitter.normalForms();
        int total = forms.size() + (search ? nf.size() : 0);
        double[] press = new double[total];
        double tss = 0;
        for (Series line : lines) {
            tss += pointTss(line);
            for (int c = 0; c < forms.size(); c++) {
                LinearDesign d = fitter.design(fitter.prepare(forms.get(c)), line);
                double cv = d.ok() ? LinearFitter.score(d, line.means(), new double[d.k], new double[d.g]) : Double.POSITIVE_INFINITY;
                press[c] += cv * cv * line.points();
            }
            if (search) {
                double[] err = nf.errors(line);
                for (int h = 0; h < err.length; h++) {
                    press[forms.size() + h] += err[h] * err[h] * line.points();
                }
            }
        }
        int[] size = new int[total];
        for (int c = 0; c < total; c++) {
            size[c] = c < forms.size() ? forms.get(c).coefficients().size() : nf.coefficients(c - forms.size());
            press[c] = tss > 0 ? press[c] / tss : (Double.isFinite(press[c]) ? 0 : press[c]);
        }
        int[] best = Ranking.top(1, press, size, 1);
        if (best.length == 0) {
            notes.add("no candidate form of " + variable + " could be fitted; it is left out");
            return new Projection(variable, CandidateForm.of(Expr.var("k1"), List.of(variable), CandidateForm.Origin.DEFAULT),
                    List.of(), lineCount, Double.NaN);
        }
        int c = best[0];
        CandidateForm chosen = c < forms.size() ? forms.get(c) : nf.hypothesis(c - forms.size(), variable);
        List<Expr> terms = c < forms.size() ? variableTerms(chosen, variable) : nf.terms(c - forms.size(), variable);
        return new Projection(variable, chosen, terms, lineCount, press[c]);
    }

    /** The lines along variable {@code v}: points grouped by the other variables, each with enough distinct values of v. */
    static List<Series> lines(Series all, int v) {
        Map<List<Double>, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < all.points(); i++) {
            List<Double> key = new ArrayList<>();
            double[] x = all.pointX(i);
            for (int j = 0; j < x.length; j++) {
                if (j != v) {
                    key.add(x[j]);
                }
            }
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
        }
        int most = 0;
        for (List<Integer> g : groups.values()) {
            most = Math.max(most, g.size());
        }
        List<Series> out = new ArrayList<>();
        if (most < 2) {
            return out;
        }
        int need = Math.min(3, most);
        for (List<Integer> g : groups.values()) {
            if (g.size() >= need) {
                Set<Integer> members = new HashSet<>(g);
                out.add(all.subset(members::contains).project(v));
            }
        }
        return out;
    }

    private static double pointTss(Series s) {
        double mean = 0;
        for (int i = 0; i < s.points(); i++) {
            mean += s.mean(i);
        }
        mean /= s.points();
        double t = 0;
        for (int i = 0; i < s.points(); i++) {
            t += (s.mean(i) - mean) * (s.mean(i) - mean);
        }
        return t;
    }

    /** The basis functions of a linear form that depend on the variable. */
    private List<Expr> variableTerms(CandidateForm form, String variable) {
        List<Expr> out = new ArrayList<>();
        if (fitter.prepare(form).structure instanceof FormStructure.Linear lin) {
            for (Expr b : lin.basis()) {
                if (b.variables().contains(variable)) {
                    out.add(b);
                }
            }
        }
        return out;
    }

    private boolean hasConstant(CandidateForm form) {
        if (form.origin() == CandidateForm.Origin.NORMAL_FORM) {
            return true;
        }
        if (fitter.prepare(form).structure instanceof FormStructure.Linear lin) {
            return lin.basis().stream().anyMatch(b -> b.variables().isEmpty());
        }
        return true;
    }

    /** Step 2: products of one term from each variable of every non-empty set of variables with terms. */
    private static List<PoolTerm> pool(List<Projection> projections) {
        List<PoolTerm> out = new ArrayList<>();
        out.add(new PoolTerm(null, 0));
        for (int v = 0; v < projections.size(); v++) {
            List<PoolTerm> next = new ArrayList<>(out);
            for (PoolTerm t : out) {
                for (Expr term : projections.get(v).terms()) {
                    next.add(new PoolTerm(t.expr() == null ? term : Expr.mul(t.expr(), term), t.mask() | (1 << v)));
                }
            }
            out = next;
        }
        return out.subList(1, out.size());
    }

    /** Step 3: sums of pool terms covering every variable with terms, fitted and ranked; the best few returned. */
    private List<Fit> search(Series all, List<String> vars, List<PoolTerm> pool, List<Projection> projections,
                             boolean constant, List<String> notes) {
        int full = 0;
        for (int v = 0; v < projections.size(); v++) {
            if (!projections.get(v).terms().isEmpty()) {
                full |= 1 << v;
            }
        }
        List<int[]> hypotheses = new ArrayList<>();
        if (pool.isEmpty()) {
            hypotheses.add(new int[0]);
            constant = true;
        } else {
            int maxTerms = MAX_TERMS;
            while (maxTerms > 1 && combinations(pool.size(), maxTerms) > BUDGET) {
                maxTerms--;
            }
            if (maxTerms < MAX_TERMS) {
                notes.add("multi-variable search limited to sums of " + maxTerms + " terms (" + pool.size() + " product terms)");
            }
            enumerate(pool, full, maxTerms, 0, 0, new int[maxTerms], 0, hypotheses);
        }
        int g = all.points();
        double[][] values = new double[pool.size()][g];
        for (int t = 0; t < pool.size(); t++) {
            CompiledExpr c = CompiledExpr.compile(pool.get(t).expr(), vars);
            for (int i = 0; i < g; i++) {
                values[t][i] = c.eval(all.pointX(i));
            }
        }
        double[] err = new double[hypotheses.size()];
        int[] size = new int[hypotheses.size()];
        for (int h = 0; h < hypotheses.size(); h++) {
            LinearDesign d = design(hypotheses.get(h), values, constant, all);
            size[h] = d.k;
            err[h] = d.ok() ? LinearFitter.score(d, all.means(), new double[d.k], new double[g]) : Double.POSITIVE_INFINITY;
        }
        List<Fit> out = new ArrayList<>();
        for (int h : Ranking.top(SHOWN, err, size, all.scale())) {
            int[] terms = hypotheses.get(h);
            out.add(LinearFitter.fit(form(terms, pool, vars, constant), design(terms, values, constant, all), all));
        }
        if (out.isEmpty()) {
            notes.add("no multi-variable hypothesis could be fitted to these points");
        }
        return out;
    }

    private static void enumerate(List<PoolTerm> pool, int full, int maxTerms, int from, int mask, int[] chosen, int n,
                                  List<int[]> out) {
        if (n > 0 && mask == full) {
            out.add(java.util.Arrays.copyOf(chosen, n));
        }
        if (n == maxTerms) {
            return;
        }
        for (int t = from; t < pool.size(); t++) {
            chosen[n] = t;
            enumerate(pool, full, maxTerms, t + 1, mask | pool.get(t).mask(), chosen, n + 1, out);
        }
    }

    private static long combinations(int n, int maxK) {
        long total = 0;
        long c = 1;
        for (int k = 1; k <= maxK; k++) {
            c = c * (n - k + 1) / k;
            total += c;
        }
        return total;
    }

    private static LinearDesign design(int[] terms, double[][] values, boolean constant, Series all) {
        int g = all.points();
        int k = terms.length + (constant ? 1 : 0);
        double[][] x = new double[g][k];
        for (int i = 0; i < g; i++) {
            int j = 0;
            if (constant) {
                x[i][j++] = 1;
            }
            for (int t : terms) {
                x[i][j++] = values[t][i];
            }
        }
        List<String> names = new ArrayList<>();
        for (int j = 1; j <= k; j++) {
            names.add("k" + j);
        }
        return LinearDesign.of(x, null, allReps(all), names);
    }

    private static int[] allReps(Series s) {
        int[] r = new int[s.points()];
        for (int i = 0; i < r.length; i++) {
            r[i] = s.reps(i);
        }
        return r;
    }

    private static CandidateForm form(int[] terms, List<PoolTerm> pool, List<String> vars, boolean constant) {
        Expr e = null;
        int k = 1;
        if (constant) {
            e = Expr.var("k" + k++);
        }
        for (int t : terms) {
            Expr term = Expr.mul(Expr.var("k" + k++), pool.get(t).expr());
            e = e == null ? term : Expr.add(e, term);
        }
        return CandidateForm.of(e, vars, CandidateForm.Origin.COMBINED);
    }
}

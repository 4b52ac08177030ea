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
 * <li>Projections. For each variable, every candidate form of the category for that variable
 * (the linear ones, plus the normal-form search where it applies) is fitted on every line of
 * the data along the variable (the other variables held at one combination of values) and
 * scored by the pooled relative cross-validation error: the root of the sum over lines of the
 * leave-one-point-out squared errors over the sum of the lines' total sums of squares. Pooling
 * keeps a line on which the variable happens to have no effect (Extra-P's two_parameter_1 at
 * y = 1) from deciding the shape. The best {@value #BY_RULE} forms under {@link Ranking}'s rule
 * and the best {@value #BY_ERROR} by error alone go on (fewer when there are many variables).</li>
 * <li>Combinations. For every choice of one of those forms per variable, the product terms are
 * the products of one term from each of a non-empty set of variables; the hypotheses are sums of
 * up to {@value #MAX_TERMS} product terms that together mention every variable whose chosen
 * form has terms, plus a constant when a chosen form has one.</li>
 * <li>Selection. Every distinct hypothesis is fitted to all the data and scored by
 * leave-one-point-out cross-validation ({@link TermSearch}); the best {@value #SHOWN} under
 * {@link Ranking}'s rule are refitted exactly and returned with the user's formulas.</li>
 * </ol>
 * Univariate shapes that the lines cannot tell apart within their noise (x^2 against
 * x^(3/2)*log2(x)^2 on 20..60) are all carried into step 2, where the whole data set decides:
 * this is how 1 + 0.2*x^2*log2(y) is recovered where Extra-P picks a three-term model.
 */
final class MultiVariableSearch {

    static final int MAX_TERMS = 3;
    static final int BY_RULE = 3;
    static final int BY_ERROR = 3;
    static final int SHOWN = 10;
    /** At most this many hypotheses are scored; fewer forms per variable are tried beyond it. */
    static final int BUDGET = 200_000;

    private final ModelFitter fitter;

    /** A univariate form carried into the combinations: its terms in the variable, and whether it has a constant. */
    private record Choice(CandidateForm form, List<Expr> terms, boolean constant) {
    }

    MultiVariableSearch(ModelFitter fitter) {
        this.fitter = fitter;
    }

    FitResult fit(FitRequest request, Series all) {
        List<String> vars = request.variables();
        List<String> notes = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        List<List<Choice>> choices = new ArrayList<>();
        int perVariable = vars.size() <= 2 ? 1 : vars.size() == 3 ? 2 : 3;
        for (int v = 0; v < vars.size(); v++) {
            List<Choice> c = new ArrayList<>();
            projections.add(project(request, all, v, notes, c, perVariable));
            choices.add(c);
        }
        TermSearch terms = new TermSearch(all);
        List<int[]> hypotheses = hypotheses(choices, terms, notes);
        double[] err = new double[hypotheses.size()];
        int[] size = new int[hypotheses.size()];
        for (int h = 0; h < hypotheses.size(); h++) {
            err[h] = terms.cv(hypotheses.get(h));
            size[h] = hypotheses.get(h).length;
        }
        List<Fit> fits = new ArrayList<>();
        for (int h : Ranking.top(SHOWN, err, size, all.scale(), all.noise())) {
            fits.add(fitter.fitOne(form(hypotheses.get(h), terms, vars), all));
        }
        if (fits.isEmpty()) {
            notes.add("no multi-variable hypothesis could be fitted to these points");
        }
        for (CandidateForm f : request.formulas()) {
            fits.add(fitter.fitOne(f, all));
        }
        return ModelFitter.result(request, all, fits, projections, notes);
    }

    /** Step 1 for variable {@code v}: scores every candidate over the lines, records the choices, returns the best. */
    private Projection project(FitRequest request, Series all, int v, List<String> notes, List<Choice> out, int divisor) {
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
        double noise = 0;
        for (Series line : lines) {
            tss += pointTss(line);
            noise += line.noise() * line.noise() * line.points();
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
        double[] score = new double[total];
        for (int c = 0; c < total; c++) {
            size[c] = c < forms.size() ? forms.get(c).coefficients().size() : nf.coefficients(c - forms.size());
            score[c] = tss > 0 ? Math.sqrt(press[c] / tss) : (Double.isFinite(press[c]) ? 0 : press[c]);
        }
        double relNoise = tss > 0 ? Math.sqrt(noise / tss) : 0;
        int[] byRule = Ranking.top(Math.max(1, BY_RULE / divisor), score, size, 1, relNoise);
        if (byRule.length == 0) {
            notes.add("no candidate form of " + variable + " could be fitted; it is left out");
            return new Projection(variable, CandidateForm.of(Expr.var("k1"), List.of(variable), CandidateForm.Origin.DEFAULT),
                    List.of(), lineCount, Double.NaN);
        }
        int[] byError = Ranking.top(Math.max(1, BY_ERROR / divisor), score, new int[total], 0, 0);
        java.util.LinkedHashSet<Integer> picked = new java.util.LinkedHashSet<>();
        for (int c : byRule) {
            picked.add(c);
        }
        for (int c : byError) {
            picked.add(c);
        }
        if (System.getenv("LCM_DEBUG_MV") != null) {
            int[] dbg = Ranking.top(15, score, new int[total], 0, 0);
            for (int c : dbg) {
                CandidateForm f = c < forms.size() ? forms.get(c) : nf.hypothesis(c - forms.size(), variable);
                System.out.println("   raw " + variable + " " + f.text() + " " + score[c]);
            }
            System.out.println("   relNoise " + relNoise);
        }
        for (int c : picked) {
            CandidateForm f = c < forms.size() ? forms.get(c) : nf.hypothesis(c - forms.size(), variable);
            List<Expr> t = c < forms.size() ? variableTerms(f, variable) : nf.terms(c - forms.size(), variable);
            out.add(new Choice(f, t, hasConstant(f)));
        }
        Choice best = out.get(0);
        return new Projection(variable, best.form(), best.terms(), lineCount, score[byRule[0]]);
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

    /** Steps 2: every distinct hypothesis (term ids, the constant first when present) over all combinations of choices. */
    private static List<int[]> hypotheses(List<List<Choice>> choices, TermSearch terms, List<String> notes) {
        Set<List<Integer>> seen = new HashSet<>();
        List<int[]> out = new ArrayList<>();
        int[] pick = new int[choices.size()];
        boolean truncated = false;
        while (true) {
            if (!combination(choices, pick, terms, seen, out)) {
                truncated = true;
                break;
            }
            int v = 0;
            while (v < pick.length && ++pick[v] == choices.get(v).size()) {
                pick[v] = 0;
                v++;
            }
            if (v == pick.length) {
                break;
            }
        }
        if (truncated) {
            notes.add("multi-variable search stopped after " + out.size() + " hypotheses");
        }
        return out;
    }

    /** Adds the hypotheses of one choice per variable; false when the budget is spent. */
    private static boolean combination(List<List<Choice>> choices, int[] pick, TermSearch terms, Set<List<Integer>> seen,
                                       List<int[]> out) {
        List<int[]> pool = new ArrayList<>();   // {term id, mask}
        pool.add(new int[] {-1, 0});
        List<Expr> poolExpr = new ArrayList<>();
        poolExpr.add(null);
        boolean constant = false;
        int full = 0;
        for (int v = 0; v < pick.length; v++) {
            Choice c = choices.get(v).get(pick[v]);
            constant |= c.constant();
            if (c.terms().isEmpty()) {
                continue;
            }
            full |= 1 << v;
            int n = pool.size();
            for (int i = 0; i < n; i++) {
                for (Expr t : c.terms()) {
                    Expr product = poolExpr.get(i) == null ? t : Expr.mul(poolExpr.get(i), t);
                    pool.add(new int[] {terms.id(product), pool.get(i)[1] | (1 << v)});
                    poolExpr.add(product);
                }
            }
        }
        pool.remove(0);
        if (pool.isEmpty()) {
            return add(new int[] {TermSearch.constant()}, seen, out);
        }
        return enumerate(pool, full, constant, 0, 0, new int[MAX_TERMS], 0, seen, out);
    }

    private static boolean enumerate(List<int[]> pool, int full, boolean constant, int from, int mask, int[] chosen, int n,
                                     Set<List<Integer>> seen, List<int[]> out) {
        if (n > 0 && mask == full) {
            int[] h = new int[n + (constant ? 1 : 0)];
            int j = 0;
            if (constant) {
                h[j++] = TermSearch.constant();
            }
            for (int i = 0; i < n; i++) {
                h[j++] = chosen[i];
            }
            if (!add(h, seen, out)) {
                return false;
            }
        }
        if (n == MAX_TERMS) {
            return true;
        }
        for (int t = from; t < pool.size(); t++) {
            chosen[n] = pool.get(t)[0];
            if (!enumerate(pool, full, constant, t + 1, mask | pool.get(t)[1], chosen, n + 1, seen, out)) {
                return false;
            }
        }
        return true;
    }

    private static boolean add(int[] h, Set<List<Integer>> seen, List<int[]> out) {
        List<Integer> key = new ArrayList<>();
        for (int t : h) {
            key.add(t);
        }
        java.util.Collections.sort(key);
        if (seen.add(key)) {
            if (out.size() >= BUDGET) {
                return false;
            }
            out.add(h);
        }
        return true;
    }

    private static CandidateForm form(int[] hypothesis, TermSearch terms, List<String> vars) {
        Expr e = null;
        int k = 1;
        for (int t : hypothesis) {
            Expr coefficient = Expr.var("k" + k++);
            Expr term = t == TermSearch.constant() ? coefficient : Expr.mul(coefficient, terms.expr(t));
            e = e == null ? term : Expr.add(e, term);
        }
        return CandidateForm.of(e, vars, CandidateForm.Origin.COMBINED);
    }
}

package lcm.fit;

import lcm.expr.Fn;
import lcm.expr.Expr;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Multi-variable fits ({@code -v "n p"}), the thesis' Fig. 5.4 steps 2(a)-2(d) done by the tool:
 * <ol>
 * <li>Projections. For each variable, every candidate form of the category for that variable
 * (the linear ones, plus the normal-form search where it applies) is fitted on every line of
 * the data along the variable (the other variables held at one combination of values) and
 * scored by the pooled relative cross-validation error: the root of the sum over lines of the
 * leave-one-point-out squared errors over the sum of the lines' total sums of squares. Pooling
 * keeps a line on which the variable has no effect (Extra-P's two_parameter_1 at y = 1) from
 * deciding the shape. The best form under {@link Ranking}'s rule is the variable's projection;
 * a variable whose projection is constant has no effect and no terms.</li>
 * <li>Terms. Each variable contributes the terms of its best few forms (by the rule and by error
 * alone) and the simple terms v, v^2 and log2(v): lines often cannot tell x^2 from
 * x^(3/2)*log2(x)^2 within their noise, so the choice is left to the whole data set. The
 * product terms are the products of one term from each of a non-empty set of variables.</li>
 * <li>Hypotheses: sums of one and two product terms (all of them), and of three (each of the
 * best {@value #EXTENDED} pairs extended by every product term), plus a constant when a
 * projection has one, that together mention every variable with terms. Each is fitted to all
 * the data ({@link TermSearch}) and ranked by the rule (leave-one-point-out CV, parsimony
 * within the noise band); the best {@value #SHOWN} are refitted exactly and
 * returned with the user's formulas.</li>
 * </ol>
 * This recovers 1 + 0.2*x^2*log2(y) (Extra-P's two_parameter_1) and
 * 1 + 0.2*x^2*log2(y) + 0.1*x*y^2*z (three_parameter_1), where Extra-P's own search does not.
 */
final class MultiVariableSearch {

    static final int MAX_TERMS = 3;
    static final int EXTENDED = 100;
    static final int SHOWN = 10;
    /** Forms per variable whose terms go on, by the rule and by error alone. */
    static final int BY_RULE = 6;
    static final int BY_ERROR = 2;

    private final ModelFitter fitter;

    /** A product term: its id in the term search, the variables it mentions (bit mask), its complexity. */
    private record Product(int id, int mask, int complexity) {
    }

    MultiVariableSearch(ModelFitter fitter) {
        this.fitter = fitter;
    }

    FitResult fit(FitRequest request, Series all) {
        List<String> vars = request.variables();
        List<String> notes = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        List<List<Expr>> terms = new ArrayList<>();
        int cap = vars.size() <= 2 ? 10 : vars.size() == 3 ? 5 : 4;
        boolean constant = false;
        for (int v = 0; v < vars.size(); v++) {
            List<Expr> t = new ArrayList<>();
            Projection p = project(request, all, v, notes, t, cap);
            projections.add(p);
            terms.add(t);
            constant |= hasConstant(p.form());
        }
        TermSearch search = new TermSearch(all);
        List<Product> products = products(terms, search);
        int full = 0;
        for (int v = 0; v < vars.size(); v++) {
            if (!terms.get(v).isEmpty()) {
                full |= 1 << v;
            }
        }
        List<int[]> hypotheses = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        List<Integer> complexities = new ArrayList<>();
        evaluate(products, full, constant, search, hypotheses, errors, complexities);
        double[] err = errors.stream().mapToDouble(Double::doubleValue).toArray();
        int[] size = hypotheses.stream().mapToInt(h -> h.length).toArray();
        List<Fit> fits = new ArrayList<>();
        for (int h : Ranking.top(SHOWN, err, size, new int[size.length], all.scale(), all.noise())) {
            fits.add(fitter.fitOne(form(hypotheses.get(h), search, vars), all));
        }
        if (fits.isEmpty()) {
            notes.add("no multi-variable hypothesis could be fitted to these points");
        }
        for (CandidateForm f : request.formulas()) {
            fits.add(fitter.fitOne(f, all));
        }
        return fitter.result(request, all, fits, projections, notes);
    }

    /** Step 1 for variable {@code v}: scores every candidate over the lines; collects terms; returns the projection. */
    private Projection project(FitRequest request, Series all, int v, List<String> notes, List<Expr> terms, int cap) {
        String variable = request.variables().get(v);
        List<Series> lines = all.linesAlong(v);
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
        int[] cx = new int[total];
        double[] score = new double[total];
        for (int c = 0; c < total; c++) {
            boolean explicit = c < forms.size();
            size[c] = explicit ? forms.get(c).coefficients().size() : nf.coefficients(c - forms.size());
            cx[c] = explicit ? Complexity.of(forms.get(c).form()) : nf.complexity(c - forms.size());
            score[c] = tss > 0 ? Math.sqrt(press[c] / tss) : (Double.isFinite(press[c]) ? 0 : press[c]);
        }
        double relNoise = tss > 0 ? Math.sqrt(noise / tss) : 0;
        int[] byRule = Ranking.top(BY_RULE, score, size, cx, 1, relNoise);
        if (byRule.length == 0) {
            notes.add("no candidate form of " + variable + " could be fitted; it is left out");
            return new Projection(variable, CandidateForm.of(Expr.var("k1"), List.of(variable), CandidateForm.Origin.DEFAULT),
                    List.of(), lineCount, Double.NaN);
        }
        int[] byError = Ranking.top(BY_ERROR, score, new int[total], new int[total], 0, 0);
        int best = byRule[0];
        CandidateForm chosen = form(best, forms, nf, variable);
        List<Expr> own = termsOf(best, forms, nf, variable);
        if (!own.isEmpty()) {
            Set<String> seen = new HashSet<>();
            Consumer<Expr> add = t -> {
                if (terms.size() < cap && seen.add(t.text())) {
                    terms.add(t);
                }
            };
            own.forEach(add);
            for (int c : byRule) {
                termsOf(c, forms, nf, variable).forEach(add);
            }
            for (int c : byError) {
                termsOf(c, forms, nf, variable).forEach(add);
            }
            Expr x = Expr.var(variable);
            List.of(x, Expr.pow(x, Expr.num(2)), Expr.call(Fn.LOG2, x)).forEach(t -> {
                if (seen.add(t.text())) {
                    terms.add(t);
                }
            });
        }
        return new Projection(variable, chosen, own, lineCount, score[best]);
    }

    private static CandidateForm form(int c, List<CandidateForm> forms, NormalFormSearch nf, String variable) {
        return c < forms.size() ? forms.get(c) : nf.hypothesis(c - forms.size(), variable);
    }

    private List<Expr> termsOf(int c, List<CandidateForm> forms, NormalFormSearch nf, String variable) {
        return c < forms.size() ? variableTerms(forms.get(c), variable) : nf.terms(c - forms.size(), variable);
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

    /** Step 2: the products of one term from each of a non-empty set of variables. */
    private static List<Product> products(List<List<Expr>> terms, TermSearch search) {
        List<Expr> exprs = new ArrayList<>();
        List<int[]> info = new ArrayList<>();   // mask, complexity
        exprs.add(null);
        info.add(new int[] {0, 0});
        for (int v = 0; v < terms.size(); v++) {
            int n = exprs.size();
            for (int i = 0; i < n; i++) {
                for (Expr t : terms.get(v)) {
                    exprs.add(exprs.get(i) == null ? t : Expr.product(exprs.get(i), t));
                    info.add(new int[] {info.get(i)[0] | (1 << v), info.get(i)[1] + Complexity.of(t)});
                }
            }
        }
        List<Product> out = new ArrayList<>();
        for (int i = 1; i < exprs.size(); i++) {
            out.add(new Product(search.id(exprs.get(i)), info.get(i)[0], info.get(i)[1]));
        }
        return out;
    }

    /** Step 3: scores singles and pairs of products, then triples grown from the best pairs. */
    private static void evaluate(List<Product> products, int full, boolean constant, TermSearch search,
                                 List<int[]> hypotheses, List<Double> errors, List<Integer> complexities) {
        if (products.isEmpty()) {
            hypotheses.add(new int[] {TermSearch.constant()});
            errors.add(search.cv(hypotheses.get(0)));
            complexities.add(0);
            return;
        }
        int n = products.size();
        int base = constant ? 1 : 0;
        int[] h1 = new int[1 + base];
        int[] h2 = new int[2 + base];
        int[] h3 = new int[3 + base];
        if (base == 1) {
            h1[0] = h2[0] = h3[0] = TermSearch.constant();
        }
        PriorityQueue<double[]> bestPairs = new PriorityQueue<>((a, b) -> Double.compare(b[0], a[0]));
        for (int i = 0; i < n; i++) {
            Product pi = products.get(i);
            if (pi.mask() == full) {
                h1[base] = pi.id();
                record(h1, search.cv(h1), pi.complexity(), hypotheses, errors, complexities);
            }
            h2[base] = pi.id();
            for (int j = i + 1; j < n; j++) {
                Product pj = products.get(j);
                h2[base + 1] = pj.id();
                double e = search.cv(h2);
                if ((pi.mask() | pj.mask()) == full) {
                    record(h2, e, pi.complexity() + pj.complexity(), hypotheses, errors, complexities);
                }
                if (Double.isFinite(e) && (bestPairs.size() < EXTENDED || e < bestPairs.peek()[0])) {
                    bestPairs.add(new double[] {e, i, j});
                    if (bestPairs.size() > EXTENDED) {
                        bestPairs.poll();
                    }
                }
            }
        }
        Set<Long> seen = new HashSet<>();
        for (double[] pair : bestPairs) {
            int i = (int) pair[1];
            int j = (int) pair[2];
            for (int k = 0; k < n; k++) {
                if (k == i || k == j) {
                    continue;
                }
                int mask = products.get(i).mask() | products.get(j).mask() | products.get(k).mask();
                if (mask != full) {
                    continue;
                }
                int a = Math.min(i, Math.min(j, k));
                int c = Math.max(i, Math.max(j, k));
                int b = i + j + k - a - c;
                if (!seen.add(((long) a << 40) | ((long) b << 20) | c)) {
                    continue;
                }
                h3[base] = products.get(a).id();
                h3[base + 1] = products.get(b).id();
                h3[base + 2] = products.get(c).id();
                int cx = products.get(a).complexity() + products.get(b).complexity() + products.get(c).complexity();
                record(h3, search.cv(h3), cx, hypotheses, errors, complexities);
            }
        }
    }

    private static void record(int[] h, double error, int complexity, List<int[]> hypotheses, List<Double> errors,
                               List<Integer> complexities) {
        hypotheses.add(h.clone());
        errors.add(error);
        complexities.add(complexity);
    }

    private static CandidateForm form(int[] hypothesis, TermSearch terms, List<String> vars) {
        Expr e = null;
        int k = 1;
        for (int t : hypothesis) {
            Expr coefficient = Expr.var("k" + k++);
            Expr term = t == TermSearch.constant() ? coefficient : Expr.product(coefficient, terms.expr(t));
            e = e == null ? term : Expr.add(e, term);
        }
        return CandidateForm.of(e, vars, CandidateForm.Origin.COMBINED);
    }
}

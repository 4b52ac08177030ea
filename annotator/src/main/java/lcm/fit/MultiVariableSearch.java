package lcm.fit;

import lcm.expr.Fn;
import lcm.expr.Expr;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
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
    private final TypicalTerms typical;
    /** The relative fit's floor of a point's scale (0: only {@link RelativeFit#FLOOR} of the largest). */
    private final double floor;

    /** A product term: its id in the term search, the variables it mentions (bit mask), its complexity. */
    private record Product(int id, int mask, int complexity, int hinges) {
    }

    MultiVariableSearch(ModelFitter fitter) {
        this(fitter, 0);
    }

    /** @param floor the smallest scale of a point in the relative fit (a quantity's noise floor; 0 for none) */
    MultiVariableSearch(ModelFitter fitter, double floor) {
        this.fitter = fitter;
        this.typical = new TypicalTerms(fitter);
        this.floor = floor;
    }

    /**
     * The search. A variable with fewer than {@value ModelFitter#FEWEST_TO_SELECT} values takes the
     * category's typical terms ({@link TypicalTerms}) only where the model chosen with them stays
     * within {@value RunSpread#TIMES} times every point's spread of runs ({@link RunSpread});
     * otherwise the search runs again with terms from the data that grow no faster than the data
     * do between the variable's two largest values ({@link DataGrowth}), and a note says what the
     * data contradicted.
     */
    FitResult fit(FitRequest request, Series all) {
        boolean[] usedTypical = new boolean[1];
        FitResult withTypical = fit(request, all, true, usedTypical);
        if (!usedTypical[0] || withTypical.best().isEmpty()) {
            return withTypical;
        }
        java.util.Optional<String> off = RunSpread.contradiction(withTypical.best().get(), all);
        if (off.isEmpty()) {
            return withTypical;
        }
        FitResult r = fit(request, all, false, usedTypical);
        List<String> notes = new ArrayList<>();
        notes.add("the data contradict " + withTypical.best().get().model().text() + ", the model with the category's typical "
                + "terms for the variables with few values: " + off.get() + "; their terms are taken from the data instead");
        notes.addAll(r.notes());
        return new FitResult(r.quantity(), r.category(), r.variables(), r.series(), r.fits(), r.selected(), r.projections(), notes);
    }

    private FitResult fit(FitRequest request, Series all, boolean useTypical, boolean[] usedTypical) {
        List<String> vars = request.variables();
        boolean zero = ZeroOnOneProcessor.applies(request);
        List<String> notes = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        List<List<Expr>> terms = new ArrayList<>();
        int cap = vars.size() <= 2 ? 10 : vars.size() == 3 ? 5 : 4;
        boolean constant = false;
        int[] most = new int[vars.size()];
        for (int v = 0; v < vars.size(); v++) {
            List<Expr> t = new ArrayList<>();
            Projection p = project(request, all, v, notes, t, cap);
            projections.add(p);
            constant |= hasConstant(p.form());
            if (!t.isEmpty()) {
                t.addAll(hinges(request, all, v));
            }
            most[v] = all.distinct(v).length - 1;
            if (zero && vars.get(v).equals(ZeroOnOneProcessor.WIDTH)) {
                t = ZeroOnOneProcessor.widthTerms(typical, request, all, v, t, useTypical, usedTypical, notes);
            } else if (!t.isEmpty() && all.distinct(v).length < ModelFitter.FEWEST_TO_SELECT) {
                if (useTypical) {
                    t = typical.prior(request, all, v, t, notes);
                    usedTypical[0] = true;
                } else {
                    t = DataGrowth.noFaster(t, vars.get(v), all, v, notes);
                }
            }
            terms.add(t);
        }
        RelativeFit relative = RelativeFit.of(all, floor);
        TermSearch search = new TermSearch(all, relative.pointWeights());
        List<Product> products = products(terms, search);
        List<int[]> hypotheses = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        List<Integer> complexities = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        evaluate(products, false, search, hypotheses, errors, complexities, sizes, most);
        if (constant) {
            evaluate(products, true, search, hypotheses, errors, complexities, sizes, most);
        }
        List<Fit> fits = new ArrayList<>();
        KinkProfile kinks = new KinkProfile(fitter, relative);
        Map<Fit, List<KinkProfile.Breakpoint>> breakpoints = new IdentityHashMap<>();
        for (int h : perSize(errors, sizes, complexities)) {
            Fit f = relative.fit(fitter, form(hypotheses.get(h), search, vars));
            if (!Hinge.in(f.candidate().form()).isEmpty()) {
                List<KinkProfile.Breakpoint> found = new ArrayList<>();
                f = kinks.fit(f, found);
                breakpoints.put(f, found);
            }
            fits.add(f);
        }
        if (fits.isEmpty()) {
            notes.add("no multi-variable hypothesis could be fitted to these points");
        }
        for (CandidateForm f : request.formulas()) {
            fits.add(relative.fit(fitter, f));
        }
        FitResult r = fitter.result(request, all, fits, projections, notes, relative);
        if (r.best().isPresent() && breakpoints.containsKey(r.best().get())) {
            List<String> more = new ArrayList<>(r.notes());
            breakpoints.get(r.best().get()).forEach(b -> more.add(b.text()));
            r = new FitResult(r.quantity(), r.category(), r.variables(), r.series(), r.fits(), r.selected(),
                    r.projections(), more);
        }
        return r;
    }

    /** The kink of k1 + k2*max(v - c, 0) on a line by relative least squares, profiled from {@code start}. */
    private double profiled(Series line, String variable, double start) {
        RelativeFit rel = RelativeFit.of(line);
        Expr form = Expr.add(Expr.var("k1"), Expr.product(Expr.var("k2"), Hinge.of(variable, true, start).expr()));
        Fit f = new KinkProfile(fitter, rel).fit(rel.fit(fitter, CandidateForm.of(form, List.of(variable),
                CandidateForm.Origin.COMBINED)), new ArrayList<>());
        List<Hinge> h = Hinge.in(f.candidate().form());
        return f.ok() && !h.isEmpty() ? h.get(0).kinkValue() : start;
    }

    /** Hypotheses kept per number of fitted quantities (coefficients and kinks), best first by error. */
    static final int PER_SIZE = 3;

    /** The best {@value #PER_SIZE} hypotheses of each size (simpler shape first among equal errors). */
    private static List<Integer> perSize(List<Double> errors, List<Integer> sizes, List<Integer> complexities) {
        Map<Integer, List<Integer>> bySize = new java.util.TreeMap<>();
        for (int i = 0; i < errors.size(); i++) {
            if (Double.isFinite(errors.get(i))) {
                bySize.computeIfAbsent(sizes.get(i), k -> new ArrayList<>()).add(i);
            }
        }
        List<Integer> out = new ArrayList<>();
        for (List<Integer> same : bySize.values()) {
            double[] err = same.stream().mapToDouble(errors::get).toArray();
            int[] cx = same.stream().mapToInt(complexities::get).toArray();
            for (int j : Ranking.top(PER_SIZE, err, new int[err.length], cx, 1, 0)) {
                out.add(same.get(j));
            }
        }
        return out;
    }

    /**
     * Segmented terms for variable {@code v}: where the category's table has a max or min of two
     * affine pieces in v (the thesis' rc form), that form is fitted on every line along v and the
     * median of the fitted breakpoints starts a rising and a falling hinge, max(v - c, 0) and
     * max(c - v, 0); the final kink is profiled on all the data ({@link KinkProfile}).
     */
    private List<Expr> hinges(FitRequest request, Series all, int v) {
        String variable = request.variables().get(v);
        List<Expr> out = new ArrayList<>();
        if (!request.defaults()) {
            return out;
        }
        double[] values = all.distinct(v);
        for (CandidateForm f : fitter.table().forms(request.category(), variable)) {
            if (!Hinge.segmented(f)) {
                continue;
            }
            List<Double> kinks = new ArrayList<>();
            for (Series line : all.linesAlong(v)) {
                double k = Hinge.kinkOf(fitter.fitOne(f, line), variable);
                if (k > values[0] && k < values[values.length - 1]) {
                    kinks.add(profiled(line, variable, k));
                }
            }
            if (kinks.isEmpty()) {
                continue;
            }
            kinks.sort(null);
            double median = kinks.get(kinks.size() / 2);
            out.add(Hinge.of(variable, true, median).expr());
            out.add(Hinge.of(variable, false, median).expr());
        }
        return out;
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
        // a category that is 0 on one processor takes only the table's forms of the width, each 0 at p <= 1
        boolean width = ZeroOnOneProcessor.applies(request) && variable.equals(ZeroOnOneProcessor.WIDTH);
        if (request.defaults()) {
            for (CandidateForm f : fitter.table().forms(request.category(), variable)) {
                if (fitter.prepare(f).linear() && !LogTerms.excluded(f, all, v) && (!width || ZeroOnOneProcessor.admissible(f))) {
                    forms.add(f);
                }
            }
        }
        boolean search = !(width && !forms.isEmpty()) && (request.normalForm() || forms.isEmpty()
                || (request.defaults() && fitter.table().normalForm(request.category(), variable)));
        NormalFormSearch nf = fitter.normalForms();
        boolean noLogs = LogTerms.barred(all, v);
        double tss = 0;
        double noise = 0;
        for (Series line : lines) {
            tss += pointTss(line);
            noise += line.noise() * line.noise() * line.points();
        }
        double[] press = new double[forms.size() + nf.size()];
        for (Series line : lines) {
            for (int c = 0; c < forms.size(); c++) {
                LinearDesign d = fitter.design(fitter.prepare(forms.get(c)), line);
                double cv = d.ok() ? LinearFitter.score(d, line.centres(), new double[d.k], new double[d.g]) : Double.POSITIVE_INFINITY;
                press[c] += cv * cv * line.points();
            }
        }
        boolean fallback = false;
        if (!search && !width) {
            // relative to the values (not their spread, which is noise where v has no effect)
            double squares = 0;
            for (Series line : lines) {
                for (int i = 0; i < line.points(); i++) {
                    squares += line.centre(i) * line.centre(i);
                }
            }
            double best = Double.POSITIVE_INFINITY;
            for (int c = 0; c < forms.size(); c++) {
                best = Math.min(best, squares > 0 ? Math.sqrt(press[c] / squares) : press[c]);
            }
            if (!(best <= ModelFitter.SEARCH_THRESHOLD)) {
                search = true;
                fallback = true;
                notes.add("no table form of " + variable + " predicts left-out points of its lines within "
                        + Math.round(ModelFitter.SEARCH_THRESHOLD * 100) + " %; the normal-form search (whole and half exponents) was run for it");
            }
        }
        int total = forms.size() + (search ? nf.size() : 0);
        if (search) {
            for (Series line : lines) {
                double[] err = nf.errors(line);
                for (int h = 0; h < err.length; h++) {
                    press[forms.size() + h] += (fallback && !nf.simple(h)) || (noLogs && nf.hasLog(h)) ? Double.POSITIVE_INFINITY
                            : err[h] * err[h] * line.points();
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
                if (!width && !(noLogs && LogTerms.logOf(t, variable)) && seen.add(t.text())) {
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
        return c < forms.size() ? typical.variableTerms(forms.get(c), variable) : nf.terms(c - forms.size(), variable);
    }

    private static double pointTss(Series s) {
        double mean = 0;
        for (int i = 0; i < s.points(); i++) {
            mean += s.centre(i);
        }
        mean /= s.points();
        double t = 0;
        for (int i = 0; i < s.points(); i++) {
            t += (s.centre(i) - mean) * (s.centre(i) - mean);
        }
        return t;
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
                    exprs.add(exprs.get(i) == null ? t : Products.times(exprs.get(i), t));
                    info.add(new int[] {info.get(i)[0] | (1 << v), info.get(i)[1] + Complexity.of(t)});
                }
            }
        }
        List<Product> out = new ArrayList<>();
        for (int i = 1; i < exprs.size(); i++) {
            Expr e = exprs.get(i);
            if (Hinge.in(e).size() > 1) {
                continue;   // one breakpoint per term
            }
            out.add(new Product(search.id(e), info.get(i)[0], info.get(i)[1], Hinge.in(e).size()));
        }
        return out;
    }

    /** Step 3: scores singles and pairs of products, then triples grown from the best pairs. */
    private static void evaluate(List<Product> products, boolean constant, TermSearch search,
                                 List<int[]> hypotheses, List<Double> errors, List<Integer> complexities,
                                 List<Integer> sizes, int[] most) {
        if (products.isEmpty()) {
            int[] c = {TermSearch.constant()};
            record(c, search.cv(c), 0, 0, hypotheses, errors, complexities, sizes);
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
            h1[base] = pi.id();
            record(h1, search.cv(h1), pi.complexity(), pi.hinges(), hypotheses, errors, complexities, sizes);
            h2[base] = pi.id();
            for (int j = i + 1; j < n; j++) {
                Product pj = products.get(j);
                h2[base + 1] = pj.id();
                if (tooMany(most, pi.mask(), pj.mask())) {
                    continue;
                }
                double e = search.cv(h2);
                record(h2, e, pi.complexity() + pj.complexity(), pi.hinges() + pj.hinges(), hypotheses, errors,
                        complexities, sizes);
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
                int a = Math.min(i, Math.min(j, k));
                int c = Math.max(i, Math.max(j, k));
                int b = i + j + k - a - c;
                if (!seen.add(((long) a << 40) | ((long) b << 20) | c)) {
                    continue;
                }
                if (tooMany(most, products.get(a).mask(), products.get(b).mask(), products.get(c).mask())) {
                    continue;
                }
                h3[base] = products.get(a).id();
                h3[base + 1] = products.get(b).id();
                h3[base + 2] = products.get(c).id();
                int cx = products.get(a).complexity() + products.get(b).complexity() + products.get(c).complexity();
                int hinges = products.get(a).hinges() + products.get(b).hinges() + products.get(c).hinges();
                record(h3, search.cv(h3), cx, hinges, hypotheses, errors, complexities, sizes);
            }
        }
    }

    /** Whether the products (their variable masks) hold more terms in some variable than its distinct values minus one. */
    private static boolean tooMany(int[] most, int... masks) {
        for (int v = 0; v < most.length; v++) {
            int n = 0;
            for (int m : masks) {
                if ((m & (1 << v)) != 0) {
                    n++;
                }
            }
            if (n > most[v]) {
                return true;
            }
        }
        return false;
    }

    private static void record(int[] h, double error, int complexity, int hinges, List<int[]> hypotheses,
                               List<Double> errors, List<Integer> complexities, List<Integer> sizes) {
        hypotheses.add(h.clone());
        errors.add(error);
        complexities.add(complexity);
        sizes.add(h.length + hinges);
    }

    private static CandidateForm form(int[] hypothesis, TermSearch terms, List<String> vars) {
        Expr e = null;
        int k = 1;
        for (int t : hypothesis) {
            Expr coefficient = Expr.var("k" + k++);
            Expr term = t == TermSearch.constant() ? coefficient : Products.times(coefficient, terms.expr(t));
            e = e == null ? term : Expr.add(e, term);
        }
        return CandidateForm.of(e, vars, CandidateForm.Origin.COMBINED);
    }
}

package lcm.fit;

import lcm.expr.NumberText;
import lcm.expr.Expr;
import lcm.expr.ExprPrinter;
import lcm.annotation.Category;
import lcm.source.UserError;

import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fits candidate forms to measurements and ranks them: the library behind {@code lcm fit}
 * and, per fragment, category and variable, {@code lcm annotate}. One instance may be reused
 * for many series; it caches compiled forms and least-squares designs per point set, so series
 * measured at the same points cost little more than their arithmetic. Not thread-safe.
 *
 * <pre>
 * ModelFitter fitter = new ModelFitter(CandidateTable.defaults());
 * FitResult r = fitter.fit(FitRequest.of(data.withTag("cffts").measurements(), Category.LI, "n", "p"));
 * Expr model = r.best().orElseThrow().model();      // e.g. 0.0031*n*p*sqrt(p)
 * </pre>
 */
public final class ModelFitter {

    /**
     * The relative cross-validation error ({@link Fit#cvRelative}) above which the best table
     * form does not fit well, and the normal-form search runs for categories whose table does
     * not ask for it.
     */
    public static final double SEARCH_THRESHOLD = 0.05;

    /** How many of the normal-form search's hypotheses join the ranked candidates. */
    public static final int NORMAL_FORMS_SHOWN = 2;

    private static final int CACHE = 4096;

    private final CandidateTable table;
    private final NormalFormSearch normalForms = new NormalFormSearch();
    private final Map<CandidateForm, PreparedForm> prepared = lru();
    private final Map<CandidateForm, PreparedForm> byIdentity = new IdentityHashMap<>();

    public ModelFitter(CandidateTable table) {
        this.table = table;
    }

    public CandidateTable table() {
        return table;
    }

    NormalFormSearch normalForms() {
        return normalForms;
    }

    private static <K, V> Map<K, V> lru() {
        return new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > CACHE;
            }
        };
    }

    /**
     * Fits and ranks. One variable: the table's forms for the category and variable, the user's
     * formulas and, where the table or the request asks, the best {@value #NORMAL_FORMS_SHOWN}
     * normal-form hypotheses. Several variables: see {@link MultiVariableSearch}.
     *
     * @throws UserError when nothing can be fitted (no data, no candidate forms)
     */
    public FitResult fit(FitRequest request) {
        return fit(request, Series.of(request.measurements(), request.quantity(), request.variables()));
    }

    /**
     * {@link #fit(FitRequest)} for a series already built (the request's measurements are read
     * only for li with the spread of the threads' busy times: {@link LiFromCauses}).
     */
    public FitResult fit(FitRequest request, Series series) {
        if (series.rows() > 0 && LiFromCauses.applies(request)) {
            FitResult causal = LiFromCauses.fit(this, request, series);
            if (causal != null) {
                return causal;
            }
        }
        FitResult r = fitByForms(request, series);
        if (request.loopCost() == null) {
            return r;
        }
        List<String> notes = new ArrayList<>(r.notes());
        notes.add(LiFromCauses.LOOP_COST_IGNORED);
        return new FitResult(r.quantity(), r.category(), r.variables(), r.series(), r.fits(), r.selected(), r.projections(), notes);
    }

    /** The candidate forms alone, ranked by the rule. */
    FitResult fitByForms(FitRequest request, Series series) {
        if (series.rows() == 0) {
            throw UserError.of("no measurements of " + request.quantity() + " with " + String.join(", ", request.variables()));
        }
        if (ZeroOnOneProcessor.applies(request)) {
            return zeroOnOne(request, series);
        }
        return fitAny(request, series, 0);
    }

    /**
     * A category that is 0 on one processor, against the width ({@link ZeroOnOneProcessor}): fitted
     * on the points at p > 1, its scale floored at what was measured at p <= 1, every model made 0
     * at p <= 1.
     */
    private FitResult zeroOnOne(FitRequest request, Series series) {
        List<String> notes = new ArrayList<>();
        int left = ZeroOnOneProcessor.atMostOne(series);
        double floor = ZeroOnOneProcessor.floor(series);
        Series above = left > 0 ? ZeroOnOneProcessor.above(series) : series;
        if (above.rows() == 0) {
            notes.add("0 on one processor: every point is at p <= 1, where " + request.category().key()
                    + " is 0; the models are fitted as measured");
            FitResult r = fitAny(request, series, 0);
            notes.addAll(r.notes());
            return new FitResult(r.quantity(), r.category(), r.variables(), r.series(), r.fits(), r.selected(), r.projections(), notes);
        }
        if (left > 0 && ZeroOnOneProcessor.measuredAtMostOne(series)) {
            // points measured as 0 there, as they should be, are left out without a word
            notes.add(ZeroOnOneProcessor.note(request.category(), left, floor));
        }
        Optional<Double> one = ZeroOnOneProcessor.oneWidth(above);
        if (one.isPresent() && request.variables().size() > 1) {
            // one width above 1: no growth in p to see; the other variables' model times (p - 1)/(w - 1)
            int v = request.variables().indexOf(ZeroOnOneProcessor.WIDTH);
            List<String> others = new ArrayList<>(request.variables());
            others.remove(v);
            double[][] x = new double[above.rows()][];
            double[] y = new double[above.rows()];
            for (int r = 0; r < above.rows(); r++) {
                double[] row = above.rowX(r);
                x[r] = new double[row.length - 1];
                for (int j = 0, k = 0; j < row.length; j++) {
                    if (j != v) {
                        x[r][k++] = row[j];
                    }
                }
                y[r] = above.rowY(r);
            }
            FitRequest reduced = new FitRequest(request.measurements(), request.quantity(), request.category(), others,
                    request.formulas().stream().filter(f -> !f.form().variables().contains(ZeroOnOneProcessor.WIDTH))
                            .map(f -> CandidateForm.of(f.form(), others, f.origin(), f.at())).toList(),
                    request.normalForm(), request.defaults());
            FitResult r = fitAny(reduced, Series.of(others, x, y), floor);
            notes.add("0 on one processor: " + request.category().key() + " was measured at one width above 1 (p = "
                    + NumberText.digits(one.get(), 6) + "), which shows no growth in p; the model of "
                    + String.join(", ", others) + " is scaled by (max(p, 1) - 1)/" + NumberText.digits(one.get() - 1, 6)
                    + ", the table's first form of p (measure another width to see how it grows)");
            notes.addAll(r.notes());
            lcm.expr.Expr factor = one.get() == 2 ? ZeroOnOneProcessor.excess()
                    : lcm.expr.Expr.div(ZeroOnOneProcessor.excess(), lcm.expr.Expr.num(one.get() - 1));
            return ZeroOnOneProcessor.vanishing(r, factor, above, request.variables(), notes);
        }
        FitResult r = fitAny(request, above, floor);
        notes.addAll(r.notes());
        return ZeroOnOneProcessor.vanishing(r, ZeroOnOneProcessor.STEP, above, request.variables(), notes);
    }

    private FitResult fitAny(FitRequest request, Series series, double floor) {
        if (request.variables().size() > 1) {
            List<String> notes = new ArrayList<>();
            List<String> kept = Collinear.reduce(series, notes);
            if (kept.size() < request.variables().size()) {
                FitRequest reduced = new FitRequest(request.measurements(), request.quantity(), request.category(), kept,
                        request.formulas().stream().filter(f -> kept.containsAll(f.form().variables().stream()
                                .filter(v -> !CandidateForm.isCoefficient(v)).toList())).map(f -> CandidateForm.of(f.form(),
                                kept, f.origin(), f.at())).toList(), request.normalForm(), request.defaults());
                FitResult r = fitByForms(reduced, Collinear.keep(series, kept));
                notes.addAll(r.notes());
                return new FitResult(r.quantity(), r.category(), r.variables(), r.series(), r.fits(), r.selected(),
                        r.projections(), notes);
            }
            return new MultiVariableSearch(this, floor).fit(request, series);
        }
        String variable = request.variables().get(0);
        List<CandidateForm> forms = new ArrayList<>();
        boolean zero = ZeroOnOneProcessor.applies(request);
        if (request.defaults()) {
            table.forms(request.category(), variable).stream().filter(f -> !LogTerms.excluded(f, series, 0))
                    .filter(f -> !zero || ZeroOnOneProcessor.admissible(f)).forEach(forms::add);
        }
        if (zero && request.defaults()) {
            // after the table's forms: grows exactly as the data's last step (docs/fitting.md, "Zero on one processor")
            ZeroOnOneProcessor.dataGrowthForm(series).filter(f -> forms.stream().noneMatch(t -> t.text().equals(f.text())))
                    .ifPresent(forms::add);
        }
        forms.addAll(request.formulas());
        boolean search = !zero && (request.normalForm() || (request.defaults() && table.normalForm(request.category(), variable)));
        if (forms.isEmpty() && !search) {
            throw UserError.of("no candidate forms for " + request.category().key() + " against " + variable
                    + ": give formulas, a --forms file, or ask for the normal-form search");
        }
        List<Fit> fits = new ArrayList<>();
        for (CandidateForm f : forms) {
            fits.add(fitOne(f, series));
        }
        List<String> notes = new ArrayList<>();
        if (!search && !zero && request.defaults() && !forms.isEmpty()) {
            double bestTable = fits.stream().filter(Fit::ok).mapToDouble(Fit::cvRelative).min().orElse(Double.POSITIVE_INFINITY);
            if (!(bestTable <= SEARCH_THRESHOLD)) {
                search = true;
                notes.add("no table form predicts left-out points within " + Math.round(SEARCH_THRESHOLD * 100)
                        + " % (best " + (Double.isFinite(bestTable) ? NumberText.digits(bestTable * 100, 3) + " %" : "none")
                        + "); the normal-form search was run");
            }
        }
        if (search) {
            Set<String> explicit = new HashSet<>();
            for (CandidateForm f : forms) {
                String key = NormalFormSearch.key(prepare(f));
                if (key != null) {
                    explicit.add(key);
                }
            }
            List<Fit> best = normalForms.best(series, NORMAL_FORMS_SHOWN, explicit);
            if (best.isEmpty()) {
                notes.add("the normal-form search found no hypothesis that can be fitted to these points");
            }
            fits.addAll(best);
            if (fits.stream().noneMatch(f -> f.ok() && f.cvRelative() <= Ranking.EXACT)) {
                // a floor, then a line, where the points are exactly that (no sum of terms writes it)
                FloorThenLine.exact(this, series).ifPresent(fits::add);
            }
        }
        return result(request, series, fits, List.of(), notes);
    }

    /**
     * The fits of distinct forms ({@link #sameForm}), in the order of their first: two hypotheses
     * can be one form (terms in another order; terms that differ by a factor the category's rule
     * puts on every term, e.g. li's "0 on one processor"), and a form is listed once. Of a form
     * given twice the user's (formula, forms file) is kept, then the table's, then the search's.
     */
    static List<Fit> distinct(List<Fit> fits) {
        Map<String, Integer> at = new HashMap<>();
        List<Fit> out = new ArrayList<>(fits.size());
        for (Fit f : fits) {
            Integer i = at.putIfAbsent(formText(f), out.size());
            if (i == null) {
                out.add(f);
            } else if (precedence(f) < precedence(out.get(i))) {
                out.set(i, f);
            }
        }
        return out.size() == fits.size() ? fits : out;
    }

    private static int precedence(Fit f) {
        return switch (f.candidate().origin()) {
            case USER, FORMS_FILE -> 0;
            case DEFAULT -> 1;
            default -> 2;
        };
    }

    /** Whether two fits are of one form: the same terms, in any order, whatever their coefficients' names. */
    static boolean sameForm(Fit a, Fit b) {
        return formText(a).equals(formText(b));
    }

    private static String formText(Fit f) {
        Set<String> coefficients = Set.copyOf(f.candidate().coefficients());
        List<String> terms = new ArrayList<>();
        for (Expr t : Formulas.terms(f.candidate().form())) {
            terms.add(ExprPrinter.print(t.replace(x -> x instanceof Expr.Var v && coefficients.contains(v.name())
                    ? Expr.num(1) : null), ExprPrinter.Style.LCA));
        }
        terms.sort(null);
        return String.join(" + ", terms);
    }

    FitResult result(FitRequest request, Series series, List<Fit> fits, List<Projection> projections, List<String> notes) {
        return result(request, series, fits, projections, notes, null);
    }

    /** Ranks, checks and reduces the fits; {@code relative} (may be null) refits smaller forms by relative least squares. */
    FitResult result(FitRequest request, Series series, List<Fit> fits, List<Projection> projections, List<String> notes,
                     RelativeFit relative) {
        fits = distinct(fits);
        List<String> all = new ArrayList<>(notes);
        Set<Fit> negative = Constraints.negative(fits, series, all, this::prepare);
        boolean zero = ZeroOnOneProcessor.applies(request);
        if (zero) {
            negative.addAll(ZeroOnOneProcessor.faster(fits.stream().filter(f -> !negative.contains(f)).toList(), series,
                    request.category(), all, true));
        }
        List<Fit> ranked = Ranking.rank(fits, series, negative);
        if (series.variables().size() == 1 && series.points() < FEWEST_TO_SELECT && request.defaults()) {
            Optional<Fit> first = firstTableForm(fits.stream().filter(f -> !negative.contains(f)).toList(), series);
            Optional<String> off = first.flatMap(f -> RunSpread.contradiction(f, series));
            if (off.isPresent()) {
                all.add(series.points() + " distinct points are too few to choose a form by cross-validation, and the "
                        + "category's first table form " + first.get().model().text() + " is contradicted by the data: "
                        + off.get() + "; the form is chosen by the rule instead");
            } else if (first.isPresent()) {
                all.add(series.points() + " distinct points are too few to choose a form by cross-validation; the "
                        + "category's first table form that fits and stays non-negative is selected: " + first.get().candidate().text()
                        + (series.hasRepetitions() ? "" : " (no point was measured twice, so nothing holds it to the spread of runs)"));
                List<Fit> reordered = new ArrayList<>();
                reordered.add(first.get());
                ranked.stream().filter(f -> f != first.get()).forEach(reordered::add);
                return new FitResult(request.quantity(), request.category(), request.variables(), series, reordered, 0,
                        projections, all);
            }
        }
        if (!ranked.isEmpty() && ranked.get(0).ok() && !negative.contains(ranked.get(0))) {
            Fit reduced = relative == null ? Parsimony.reduce(this, ranked.get(0), series)
                    : Parsimony.reduce(this, ranked.get(0), series, f -> relative.fit(this, f));
            if (reduced != ranked.get(0) && Constraints.negative(List.of(reduced), series, new ArrayList<>(), this::prepare).isEmpty()
                    && !(zero && !ZeroOnOneProcessor.faster(List.of(reduced), series, request.category(),
                    new ArrayList<>(), false).isEmpty())) {
                List<Fit> withReduced = new ArrayList<>();
                withReduced.add(reduced);
                withReduced.addAll(ranked);
                ranked = withReduced;
            }
        }
        int selected = !ranked.isEmpty() && ranked.get(0).ok() && !negative.contains(ranked.get(0)) ? 0 : -1;
        if (selected == 0) {
            ranked = SimplerModels.of(this, series, projections, relative).select(ranked, negative, all);
        }
        if (selected < 0) {
            all.add("no candidate form could be fitted to these data");
        } else {
            if (request.defaults()) {
                Constraints.monotone(ranked.get(0), series, request.category(), all);
            }
            breakpoint(ranked.get(0), series).ifPresent(b -> all.add(b.text()));
        }
        return new FitResult(request.quantity(), request.category(), request.variables(), series, ranked, selected,
                projections, all);
    }

    /**
     * For a selected one-variable max/min of two affine pieces (rc's {@code max(k1*p + k2, k3)}):
     * its breakpoint, with the 90 % interval of {@code k1 + k2*max(p - c, 0)} profiled over c.
     */
    private Optional<KinkProfile.Breakpoint> breakpoint(Fit f, Series series) {
        if (series.variables().size() != 1 || !Hinge.segmented(f.candidate())) {
            return Optional.empty();
        }
        String v = series.variables().get(0);
        double kink = Hinge.kinkOf(f, v);
        double[] d = series.distinct(0);
        if (!(kink > d[0] && kink < d[d.length - 1])) {
            return Optional.empty();
        }
        RelativeFit rel = RelativeFit.of(series);
        lcm.expr.Expr form = lcm.expr.Expr.add(lcm.expr.Expr.var("k1"),
                lcm.expr.Expr.product(lcm.expr.Expr.var("k2"), Hinge.of(v, true, kink).expr()));
        List<KinkProfile.Breakpoint> found = new ArrayList<>();
        new KinkProfile(this, rel).fit(rel.fit(this, CandidateForm.of(form, List.of(v), CandidateForm.Origin.COMBINED)), found);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        KinkProfile.Breakpoint b = found.get(0);
        return Optional.of(new KinkProfile.Breakpoint(v, kink, Double.isNaN(b.low()) ? b.low() : Math.min(b.low(), kink),
                Double.isNaN(b.high()) ? b.high() : Math.max(b.high(), kink)));
    }

    /**
     * Fewer distinct points than this (on one variable) cannot choose among forms by
     * cross-validation (leaving one of three out leaves a line through two); the category's
     * table form listed first that fits and is non-negative (after dropping coefficients the
     * data cannot tell from zero) is selected: for {@code pc} against {@code p} the execution
     * signature {@code k1 + k2/p}.
     */
    public static final int FEWEST_TO_SELECT = 4;

    /** The first fitted form of a forms file, else of the table, in table order, that is non-negative (reduced by {@link Parsimony} where that helps). */
    private Optional<Fit> firstTableForm(List<Fit> fits, Series series) {
        List<Fit> ordered = new ArrayList<>();
        // a --forms file's forms before the built-in table's
        fits.stream().filter(f -> f.candidate().origin() == CandidateForm.Origin.FORMS_FILE).forEach(ordered::add);
        fits.stream().filter(f -> f.candidate().origin() == CandidateForm.Origin.DEFAULT).forEach(ordered::add);
        for (Fit f : ordered) {
            if (!f.ok()) {
                continue;
            }
            Fit reduced = Parsimony.reduce(this, f, series);
            for (Fit c : List.of(reduced, f)) {
                if (c.ok() && Constraints.negative(List.of(c), series, new ArrayList<>(), this::prepare).isEmpty()) {
                    return Optional.of(c);
                }
            }
        }
        return Optional.empty();
    }

    /** Fits one form to a series: linear least squares if it is linear in its coefficients, else Levenberg-Marquardt. */
    public Fit fitOne(CandidateForm form, Series series) {
        PreparedForm pf = prepare(form);
        if (!pf.linear()) {
            return NonlinearFitter.fit(pf, series);
        }
        return LinearFitter.fit(form, design(pf, series), series);
    }

    PreparedForm prepare(CandidateForm form) {
        PreparedForm pf = byIdentity.get(form);
        if (pf != null) {
            return pf;
        }
        pf = prepared.get(form);
        if (pf == null) {
            pf = PreparedForm.of(form);
            prepared.put(form, pf);
        }
        if (byIdentity.size() > CACHE) {
            byIdentity.clear();
        }
        byIdentity.put(form, pf);
        return pf;
    }

    LinearDesign design(PreparedForm pf, Series series) {
        LinearDesign d = pf.designs.get(series.key());
        if (d == null) {
            d = pf.design(series);
            pf.designs.put(series.key(), d);
        }
        return d;
    }

    /** Whether the default candidates of {@code category} against {@code variable} include the normal-form search. */
    public boolean searches(Category category, String variable) {
        return table.normalForm(category, variable);
    }
}

package lcm.fit;

import lcm.annotation.Category;
import lcm.expr.CompiledExpr;
import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.expr.NumberText;
import lcm.measure.Measurement;
import lcm.measure.Quantities;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Load imbalance from its causes, for data that carry the spread of the threads' busy times
 * ({@code tsd}, {@code tmean}: docs/measure.md, "Lines"; docs/fitting.md, "li from its causes"):
 *
 * <pre>
 * li = min(p*S*emax(p) [+ (p-1)*G], (p-1)*(M + S*emax(p))) [+ L(p)]
 * </pre>
 *
 * S, the standard deviation of the threads' busy times per execution, and M, their mean, are
 * fitted by the ordinary modeler as models of the request's variables (with {@code pc}'s forms:
 * they are times); emax(p) is the expected largest of p standard normal values, so p*S*emax(p) is
 * p times the expected maximum less the mean of p normal per-thread times (Kruskal and Weiss
 * 1985), 0 at width 1; the cap is (p - 1) times the fragment's time at width p, M + S*emax(p).
 * L is the request's known loop cost (subtracted before, added back exactly). G, a profile term
 * fitted with li's forms to the rest per idle processor, joins only where the random part leaves
 * li clearly unexplained. The generic li forms are fitted too and ranked after it, for comparison.
 */
public final class LiFromCauses {

    /** The width variable. */
    static final String P = "p";
    /** The variable of a loop-cost expression. */
    static final String W = "w";

    /** The note of a loop cost given where li is not modelled from its causes. */
    public static final String LOOP_COST_IGNORED = "the loop cost (--loop-cost) is not used: it enters li's model from its "
            + "causes only, which needs li of lcm measure's lines with the threads' spread (tsd, tmean) and the width p";

    private LiFromCauses() {
    }

    /** Whether the request is li with the spread fields on every measurement and a width to model it in. */
    static boolean applies(FitRequest r) {
        if (r.category() != Category.LI || !r.quantity().equals(Category.LI.key()) || r.measurements().isEmpty()) {
            return false;
        }
        for (Measurement m : r.measurements()) {
            if (!m.has(Quantities.BUSY_SD) || !m.has(Quantities.BUSY_MEAN) || !m.has(P)) {
                return false;
            }
        }
        return r.variables().contains(P) || r.measurements().stream().mapToDouble(m -> m.values().get(P)).distinct().count() == 1;
    }

    /** The model from the causes, selected, then the generic forms; null when the data cannot give one (the caller fits the forms alone). */
    static FitResult fit(ModelFitter fitter, FitRequest request, Series li) {
        List<String> vars = request.variables();
        List<Measurement> wide = request.measurements().stream().filter(m -> m.values().get(P) > 1).toList();
        if (wide.isEmpty()) {
            return null;
        }
        Expr p = vars.contains(P) ? Expr.var(P) : new Expr.Num(lcm.expr.Coefficients.decimal(request.measurements().get(0).values().get(P)));
        FitResult mean = fitter.fitByForms(new FitRequest(request.measurements(), Quantities.BUSY_MEAN, Category.PC, vars, List.of(),
                false, true), Series.of(request.measurements(), Quantities.BUSY_MEAN, vars));
        if (mean.best().isEmpty()) {
            return null;
        }
        FitResult spread = fitter.fitByForms(new FitRequest(wide, Quantities.BUSY_SD, Category.PC, vars,
                dispersion(mean.best().get().model(), vars), false, true), Series.of(wide, Quantities.BUSY_SD, vars));
        if (spread.best().isEmpty()) {
            return null;
        }
        Expr loop = request.loopCost() == null ? null : Substitution.replace(request.loopCost(), n -> n.equals(W) ? p : null);
        Parts parts = new Parts(p, spread.best().get(), mean.best().get(), null, loop);
        List<String> notes = new ArrayList<>();
        double noise = li.relativeNoise();
        double band = Math.max(ModelFitter.SEARCH_THRESHOLD, 3 * noise);
        Expr causal = parts.model();
        double off = CausalScore.smape(li, causal, vars);
        String random = "the random part (the spread of the threads' busy times) ";
        if (off > band) {
            Optional<Fit> profile = profile(fitter, li, parts, vars);
            if (profile.isPresent()) {
                Parts with = new Parts(p, parts.s, parts.m, profile.get(), loop);
                double now = CausalScore.smape(li, with.model(), vars);
                if (now <= off / 3 || now <= band) {
                    notes.add(random + "leaves li off by " + percent(off) + " on average; a profile term (p-1)*("
                            + profile.get().model().text() + ") fitted to the rest per idle processor brings it to "
                            + percent(now));
                    parts = with;
                } else {
                    notes.add(random + "leaves li off by " + percent(off) + " on average; no profile term fitted to "
                            + "the rest brings that below a third (best " + percent(now) + "): check the data");
                }
            } else {
                notes.add(random + "leaves li off by " + percent(off) + " on average, and the widths above 1 are too "
                        + "few (or no form fits the rest) for a profile term: measure more widths");
            }
        } else {
            notes.add(random + "explains li within " + percent(Math.max(off, 0)) + " on average (the noise band is "
                    + percent(band) + "): no profile term");
        }
        Fit fit = CausalScore.fit(fitter, li, parts, vars, spread.series(), mean.series());
        notes.add(0, "li from its causes (docs/fitting.md): s, the standard deviation of the threads' busy times, is "
                + parts.s.model().text() + " (tsd, R2 " + NumberText.fixed(parts.s.r2(), 4) + "); m, their mean, is "
                + parts.m.model().text() + " (tmean, R2 " + NumberText.fixed(parts.m.r2(), 4) + "); li = "
                + parts.text() + "; the forms below it are li's generic forms, for comparison");
        if (loop != null) {
            notes.add("the loop cost " + loop.text() + " (--loop-cost, per execution) is subtracted from li before and added "
                    + "back exactly");
        }
        FitResult generic = fitter.fitByForms(request, li);
        List<Fit> fits = new ArrayList<>();
        fits.add(fit);
        fits.addAll(generic.fits());
        return new FitResult(request.quantity(), request.category(), vars, li, fits, 0, generic.projections(), notes);
    }

    /**
     * The spread's forms from its cause besides pc's: a thread's busy time under a static or
     * chunked schedule is the sum of its iterations' costs, k of them, whose variance grows as k
     * like the mean (Kruskal and Weiss 1985), so s = k1*sqrt(m) with m the fitted mean
     * ({@code k1*sqrt(M)}, {@code k1*sqrt(M) + k2}). They come first where the points are too few to
     * choose by cross-validation (the origin of a forms file's forms).
     */
    private static List<CandidateForm> dispersion(Expr m, List<String> vars) {
        Expr root = Expr.call(Fn.SQRT, m);
        return List.of(CandidateForm.of(Expr.mul(Expr.var("k1"), root), vars, CandidateForm.Origin.FORMS_FILE),
                CandidateForm.of(Expr.add(Expr.mul(Expr.var("k1"), root), Expr.var("k2")), vars, CandidateForm.Origin.FORMS_FILE));
    }

    /** The profile term: li less the causal model, per idle processor (p - 1), at widths above 1, fitted with li's forms. */
    private static Optional<Fit> profile(ModelFitter fitter, Series li, Parts parts, List<String> vars) {
        CompiledExpr f = CompiledExpr.compile(parts.model(), vars);
        int pi = vars.indexOf(P);
        List<double[]> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int r = 0; r < li.rows(); r++) {
            double[] x = li.rowX(r);
            double w = pi >= 0 ? x[pi] : parts.width();
            if (w > 1) {
                xs.add(x);
                ys.add((li.rowY(r) - f.eval(x)) / (w - 1));
            }
        }
        if (xs.size() < 2) {
            return Optional.empty();
        }
        Series rest = Series.of(vars, xs.toArray(new double[0][]), ys.stream().mapToDouble(Double::doubleValue).toArray());
        try {
            return fitter.fitByForms(new FitRequest(List.of(), Category.LI.key(), Category.LI, vars, List.of(), false, true), rest).best();
        } catch (lcm.source.UserError e) {
            return Optional.empty();
        }
    }

    private static String percent(double x) {
        return NumberText.digits(100 * x, 3) + " %";
    }

    /** The fitted parts and the model they make. */
    record Parts(Expr p, Fit s, Fit m, Fit g, Expr loop) {

        double width() {
            return p instanceof Expr.Num n ? n.value().doubleValue() : Double.NaN;
        }

        Expr model() {
            return model(s.model(), m.model(), g == null ? null : g.model());
        }

        /** The model with the given S, M and G. */
        Expr model(Expr sModel, Expr mModel, Expr gModel) {
            Expr e = Expr.call(Fn.EMAX, p);
            Expr pMinus1 = Expr.sub(p, Expr.num(1));
            Expr randomPart = Expr.mul(Expr.mul(p, sModel), e);
            if (gModel != null) {
                randomPart = Expr.add(randomPart, Expr.mul(pMinus1, gModel));
            }
            Expr cap = Expr.mul(pMinus1, Expr.add(mModel, Expr.mul(sModel, e)));
            Expr li = Expr.call(Fn.MIN, randomPart, cap);
            return loop == null ? li : Expr.add(li, loop);
        }

        String text() {
            return "min(p*s*emax(p)" + (g == null ? "" : " + (p-1)*g") + ", (p-1)*(m + s*emax(p)))"
                    + (loop == null ? "" : " + loop cost");
        }
    }
}

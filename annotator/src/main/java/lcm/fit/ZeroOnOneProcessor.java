package lcm.fit;

import lcm.annotation.Category;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.expr.Median;
import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lost cycles that are 0 on one processor (issue 31): load imbalance needs two threads to be
 * unequal, so a fragment's li is 0 at width {@code p} = 1 and below (two tasks sharing one
 * processor have width 0.5 each). For such a category fitted against the width:
 * <ul>
 * <li>the points at p &lt;= 1 are left out of the fit: every admissible model is 0 there, and what
 * the probe measured there is its own error (their median is the quantity's noise floor, which
 * floors the relative fit's scale of the other points, {@link RelativeFit});</li>
 * <li>the forms of p are the table's, each 0 at p &lt;= 1 (in the width above 1, {@code max(p, 1) - 1});
 * no normal-form search and no plain {@code p}, {@code p^2}, {@code log2(p)} terms;</li>
 * <li>a term without p (a constant, a term of n alone) is multiplied by {@link #STEP}
 * {@code min(max(p, 1) - 1, 1)}: 1 at every width fitted (p &gt;= 2), 0 at p &lt;= 1, so the fit is the
 * one on the data and the model still vanishes on one processor;</li>
 * <li>with one width above 1 the data show no growth in p: the model of the other variables
 * is scaled by {@code (max(p, 1) - 1)/(w - 1)}, the table's first form.</li>
 * </ul>
 * User formulas are fitted as given. Only {@code li}: {@code ip} is 0 on one processor too, but its
 * table's forms are Amdahl's and are left as they are (docs/fitting.md, "Zero on one processor").
 */
final class ZeroOnOneProcessor {

    /** The variable that is the fragment's width in every fit (docs/measure.md, "Width"). */
    static final String WIDTH = "p";

    /** The categories under the rule. */
    static final Set<Category> CATEGORIES = EnumSet.of(Category.LI);

    /** {@code min(max(p, 1) - 1, 1)}: 0 at p <= 1, 1 from p = 2 on. */
    static final Expr STEP = Expr.call(Fn.MIN, excess(), Expr.num(1));

    private ZeroOnOneProcessor() {
    }

    /** {@code max(p, 1) - 1}, the width above one processor. */
    static Expr excess() {
        return Expr.sub(Expr.call(Fn.MAX, Expr.var(WIDTH), Expr.num(1)), Expr.num(1));
    }

    /** Whether the rule applies to the request: a category under it, fitted against the width with the table's forms. */
    static boolean applies(FitRequest request) {
        return request.defaults() && CATEGORIES.contains(request.category()) && request.variables().contains(WIDTH);
    }

    /** Whether {@code e} is 0 at p = 1 and p = 0.5 (the other variables at 2, 3, ...). */
    static boolean vanishes(Expr e) {
        for (double w : new double[] {1, 0.5}) {
            Map<String, Double> at = new HashMap<>();
            int k = 2;
            for (String v : e.variables()) {
                at.put(v, v.equals(WIDTH) ? w : k++);
            }
            try {
                if (Evaluator.eval(e, at) != 0) {
                    return false;
                }
            } catch (RuntimeException x) {
                return false;
            }
        }
        return true;
    }

    /** The median of the centres at p <= 1 (the probe's error where the quantity is 0), 0 where none. */
    static double floor(Series s) {
        int v = s.variables().indexOf(WIDTH);
        List<Double> at = new ArrayList<>();
        for (int i = 0; i < s.points(); i++) {
            if (s.pointX(i)[v] <= 1) {
                at.add(Math.abs(s.centre(i)));
            }
        }
        return at.isEmpty() ? 0 : Median.of(at.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Whether a point at p <= 1 was measured other than 0 (then leaving it out is worth a note). */
    static boolean measuredAtMostOne(Series s) {
        int v = s.variables().indexOf(WIDTH);
        for (int i = 0; i < s.points(); i++) {
            if (s.pointX(i)[v] <= 1 && s.centre(i) != 0) {
                return true;
            }
        }
        return false;
    }

    /** The points of {@code s} at p > 1. */
    static Series above(Series s) {
        int v = s.variables().indexOf(WIDTH);
        return s.subset(i -> s.pointX(i)[v] > 1);
    }

    /** How many points of {@code s} lie at p <= 1. */
    static int atMostOne(Series s) {
        int v = s.variables().indexOf(WIDTH);
        int n = 0;
        for (int i = 0; i < s.points(); i++) {
            if (s.pointX(i)[v] <= 1) {
                n++;
            }
        }
        return n;
    }

    /** The note that says what the rule did with the points at p <= 1. */
    static String note(Category c, int left, double floor) {
        return "0 on one processor: " + c.key() + " is 0 at p <= 1 (one thread cannot be imbalanced; p is the fragment's "
                + "width), so its models are 0 there and the " + left + " point" + (left == 1 ? "" : "s")
                + " at p <= 1 (median " + NumberText.digits(floor, 4) + ", the probe's error where it is 0) are left out of the fit";
    }

    /**
     * {@code f} with every term that does not vanish at p <= 1 multiplied by {@code factor} (each
     * basis function of a linear form, else the whole form); the fit itself is kept, which is right
     * where {@code factor} is 1 at every point fitted.
     */
    static Fit times(Fit f, Expr factor, List<String> variables) {
        CandidateForm form = f.candidate();
        Expr e = form.form();
        if (FormStructure.of(form) instanceof FormStructure.Linear lin) {
            Expr sum = lin.offset().map(o -> vanishes(o) ? o : Products.times(o, factor)).orElse(null);
            for (int j = 0; j < lin.basis().size(); j++) {
                Expr b = lin.basis().get(j);
                Expr term = Expr.product(Expr.var(form.coefficients().get(j)), vanishes(b) ? b : Products.times(b, factor));
                sum = sum == null ? term : Expr.add(sum, term);
            }
            e = sum;
        } else if (!vanishes(e)) {
            e = Expr.product(e, factor);
        }
        if (e == form.form()) {
            return f;
        }
        return f.as(CandidateForm.of(e, variables, form.origin(), form.at()), f.relative());
    }

    /** The forms of the table for the width that vanish at p <= 1 (all of li's). */
    static boolean admissible(CandidateForm f) {
        return f.origin() != CandidateForm.Origin.DEFAULT || vanishes(f.form());
    }

    /** The fit's result with every fit made to vanish at p <= 1 by {@code factor} (user formulas as given). */
    static FitResult vanishing(FitResult r, Expr factor, Series series, List<String> variables, List<String> notes) {
        List<Fit> fits = new ArrayList<>();
        for (Fit f : r.fits()) {
            fits.add(f.candidate().origin() == CandidateForm.Origin.USER || f.candidate().origin() == CandidateForm.Origin.FORMS_FILE
                    || !f.ok() ? f : times(f, factor, variables));
        }
        List<Fit> distinct = ModelFitter.distinct(fits);
        int selected = -1;
        for (int i = 0; r.selected() >= 0 && selected < 0; i++) {
            selected = ModelFitter.sameForm(distinct.get(i), fits.get(r.selected())) ? i : -1;
        }
        return new FitResult(r.quantity(), r.category(), variables, series, distinct, selected, r.projections(), notes);
    }

    /** The width's one value above 1 in {@code s}, if it has exactly one. */
    static Optional<Double> oneWidth(Series s) {
        double[] d = s.distinct(s.variables().indexOf(WIDTH));
        return d.length == 1 ? Optional.of(d[0]) : Optional.empty();
    }

    /**
     * The terms of the width offered to the multi-variable search ({@code t}, the table's forms'):
     * under {@value ModelFitter#FEWEST_TO_SELECT} widths, where the search asks for it, the
     * typical form's, the first whose terms grow no faster than {@link #limit}; then those that
     * grow no faster than the limit between the two largest widths and beyond.
     */
    static List<Expr> widthTerms(TypicalTerms typical, FitRequest request, Series all, int v, List<Expr> t,
                                 boolean useTypical, boolean[] usedTypical, List<String> notes) {
        if (t.isEmpty()) {
            return t;
        }
        double limit = limit(all, v);
        List<Expr> out = t;
        if (useTypical && all.distinct(v).length < ModelFitter.FEWEST_TO_SELECT) {
            out = typical.prior(request, all, v, t, notes,
                    term -> Double.isNaN(limit) || DataGrowth.noFaster(term, WIDTH, all, v, 1, limit));
            usedTypical[0] = true;
        }
        return Double.isNaN(limit) || out.isEmpty() ? out : DataGrowth.noFaster(out, WIDTH, all, v, 1, limit, 0, notes);
    }

    /**
     * A one-variable fit's form that grows exactly as the data's last step: {@code k1*(max(p, 1) - 1)^g},
     * g the {@link #limit} rounded down to 0.001, where the data have three widths above 1 or more
     * and g > 0. The table's forms grow as (p - 1)^0 .. ^2 in steps; where the noise of the last
     * step refuses the one that generated the data, the slower ones left would extrapolate far
     * below the data's own pace, and this one keeps it without exceeding it.
     */
    static Optional<CandidateForm> dataGrowthForm(Series s) {
        int v = s.variables().indexOf(WIDTH);
        if (v < 0 || DataGrowth.above(s.distinct(v), 1).length < 3) {
            return Optional.empty();
        }
        double g = Math.floor(limit(s, v) * 1000 + 1e-6) / 1000;
        if (!(g > 0)) {
            return Optional.empty();
        }
        Expr form = Expr.product(Expr.var("k1"), g == 1 ? excess() : Expr.pow(excess(), Expr.num(g)));
        return Optional.of(CandidateForm.of(form, List.of(WIDTH), CandidateForm.Origin.DEFAULT));
    }

    /**
     * The fastest growth in p - 1 a model may show at the widths measured and beyond them: the
     * data's between the two largest widths above 1 ({@link DataGrowth#exponentAndError}, the
     * median over the lines of ln(y2/y1)/ln((w2 - 1)/(w1 - 1)), no allowance for its error); with
     * only two widths above 1, one step, which cannot tell growth from noise, at most 1 (linear in
     * p - 1). NaN where the data have fewer than two widths above 1 or no line with both positive.
     */
    static double limit(Series s, int v) {
        double[] ge = v < 0 ? null : DataGrowth.exponentAndError(s, v, 1);
        if (ge == null) {
            return Double.NaN;
        }
        return DataGrowth.above(s.distinct(v), 1).length == 2 ? Math.min(ge[0], 1) : ge[0];
    }

    /**
     * The fits (not a user's) that grow faster in p - 1 than {@link #limit} at some combination of
     * the other variables measured, between the two largest widths or beyond the largest
     * ({@link DataGrowth#fastest}). When every such fit does, the slowest stays, with a note.
     * Empty where the data have fewer than two widths above 1.
     */
    static Set<Fit> faster(List<Fit> fits, Series s, Category c, List<String> notes, boolean keepSlowest) {
        int v = s.variables().indexOf(WIDTH);
        Set<Fit> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        double g = limit(s, v);
        if (Double.isNaN(g)) {
            return out;
        }
        double[] d = DataGrowth.above(s.distinct(v), 1);
        Fit slowest = null;
        double least = Double.POSITIVE_INFINITY;
        boolean kept = false;
        List<String> named = new ArrayList<>();
        for (Fit f : fits) {
            if (!f.ok() || f.candidate().origin() == CandidateForm.Origin.USER
                    || f.candidate().origin() == CandidateForm.Origin.FORMS_FILE) {
                continue;
            }
            double m = DataGrowth.fastest(f, s, v, 1);
            if (m > g + 1e-9) {
                out.add(f);
                if (named.size() < 3) {
                    named.add(f.model().text() + " as (p - 1)^" + NumberText.digits(m, 3));
                }
                if (m < least) {
                    least = m;
                    slowest = f;
                }
            } else if (!Double.isNaN(m)) {
                kept = true;
            }
        }
        String where = "between p = " + NumberText.digits(d[d.length - 2], 6) + " and " + NumberText.digits(d[d.length - 1], 6);
        if (!out.isEmpty()) {
            notes.add(where + " the data grow as (p - 1)^" + NumberText.digits(DataGrowth.exponentAndError(s, v, 1)[0], 3)
                    + (d.length == 2 ? " (two widths above 1: at most linear, (p - 1)^" + NumberText.digits(g, 3) + ")" : "")
                    + "; " + out.size() + " form" + (out.size() == 1 ? "" : "s")
                    + " that grow faster there or beyond p = " + NumberText.digits(d[d.length - 1], 6)
                    + " are not selected (a model may not grow faster than the data did over their last step): "
                    + String.join(", ", named) + (out.size() > named.size() ? ", ..." : ""));
        }
        if (keepSlowest && !kept && slowest != null) {
            out.remove(slowest);
            notes.add("every form grows faster " + where + " or beyond than the data; the slowest, " + slowest.model().text()
                    + ", is kept");
        }
        return out;
    }
}

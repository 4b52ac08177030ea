package lcm.fit;

import lcm.expr.Expr;
import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The simpler models a selected fit must beat (issue 34: fits refuse what the data contradict):
 * the constant and, with several variables, each variable's projection fitted to all the data as
 * a model of that variable alone. A fit beats them when the R² of its relative residuals is
 * above 0 (it explains more than the constant, point by point, relative to each point's value)
 * and its leave-one-point-out relative error ({@link Fit#cvRelative}) is below the constant's and
 * not above any projection's beyond {@link Ranking}'s band; else the next candidate in rank
 * order that does, or the best simpler model, is selected instead, with a note. The simpler models are fitted the way the fit was (least squares on
 * the point centres for one variable, relative least squares for several), so the errors compare.
 */
final class SimplerModels {

    private final Series series;
    private final List<Fit> models;

    private SimplerModels(Series series, List<Fit> models) {
        this.series = series;
        this.models = List.copyOf(models);
    }

    /**
     * The constant and the projections' models of {@code series}; {@code relative} (null for one
     * variable) fits them by relative least squares.
     */
    static SimplerModels of(ModelFitter fitter, Series series, List<Projection> projections, RelativeFit relative) {
        List<String> vars = series.variables();
        List<Fit> models = new ArrayList<>();
        CandidateForm constant = CandidateForm.of(Expr.var("k1"), vars, CandidateForm.Origin.DEFAULT);
        models.add(relative == null ? fitter.fitOne(constant, series) : relative.fit(fitter, constant));
        if (relative != null) {
            for (Projection p : projections) {
                if (p.terms().isEmpty()) {
                    continue;
                }
                CandidateForm alone = CandidateForm.of(p.form().form(), vars, CandidateForm.Origin.COMBINED);
                Fit f = relative.fit(fitter, alone);
                if (f.ok()) {
                    models.add(f);
                }
            }
        }
        return new SimplerModels(series, models.stream().filter(Fit::ok).toList());
    }

    /** The constant and the projections, fitted (the constant first). */
    List<Fit> models() {
        return models;
    }

    /**
     * Why {@code f} does not beat the simpler models, or empty when it does: the R² of its
     * relative residuals must be above 0, its leave-one-point-out error below the constant's, and
     * not above a projection's beyond {@link Ranking}'s band (a projection is a form of the same
     * data, and within the band the data cannot tell the two apart).
     */
    Optional<String> contradiction(Fit f) {
        double r2 = relativeR2(f, series);
        if (!(r2 > 0)) {
            return Optional.of("the R² of its relative residuals is " + NumberText.digits(r2, 3)
                    + " (no better than the constant)");
        }
        if (f.cvRelative() <= Ranking.EXACT) {
            return Optional.empty();
        }
        Fit constant = models.get(0);
        if (!(f.cvRelative() < constant.cvRelative())) {
            return Optional.of("its leave-one-point-out error " + percent(f.cvRelative()) + " is not below the constant's "
                    + percent(constant.cvRelative()));
        }
        for (Fit m : models.subList(1, models.size())) {
            if (!Ranking.asGood(f.cvRelative(), m.cvRelative())) {
                return Optional.of("its leave-one-point-out error " + percent(f.cvRelative()) + " is above "
                        + percent(m.cvRelative()) + " of the projection " + m.model().text());
            }
        }
        return Optional.empty();
    }

    /**
     * The simpler model to select instead: the projection with the lowest error among those that
     * beat the constant themselves, else the constant.
     */
    Fit best() {
        Fit best = models.get(0);
        for (Fit m : models.subList(1, models.size())) {
            if (m.cvRelative() < best.cvRelative() && relativeR2(m, series) > 0 && m.cvRelative() < models.get(0).cvRelative()) {
                best = m;
            }
        }
        return best;
    }

    private static String percent(double v) {
        return Double.isFinite(v) ? NumberText.digits(v * 100, 3) + " %" : "none";
    }

    /**
     * 1 - sum of w*r^2 over the constant's: r = (centre - model)/|centre| per point, w its number
     * of runs, the constant fitted by relative least squares (it minimises the denominator, so
     * the constant itself scores 0). Points with a zero centre are left out. NaN without data.
     */
    static double relativeR2(Fit f, Series s) {
        double sw = 0;
        double swc = 0;
        for (int i = 0; i < s.points(); i++) {
            double c = s.centre(i);
            if (c != 0) {
                sw += s.reps(i) / c;
                swc += s.reps(i) / (c * c);
            }
        }
        if (!(swc > 0)) {
            return Double.NaN;
        }
        double k = sw / swc;
        double rss = 0;
        double base = 0;
        double[] model = Prediction.atPoints(f, s);
        for (int i = 0; i < s.points(); i++) {
            double c = s.centre(i);
            if (c == 0) {
                continue;
            }
            double r = (c - model[i]) / c;
            double r0 = (c - k) / c;
            rss += s.reps(i) * r * r;
            base += s.reps(i) * r0 * r0;
        }
        if (base <= 0) {
            return rss <= 0 ? 0 : Double.NEGATIVE_INFINITY;
        }
        return 1 - rss / base;
    }

    /**
     * {@code ranked} with the rule's choice in front when it beats the simpler models; else the
     * next fitted, not rejected fit in rank order that does, or failing that the best simpler
     * model ({@link #best}), in front, with a note naming what the data contradict. A fit of a
     * constant form needs no check.
     */
    List<Fit> select(List<Fit> ranked, java.util.Set<Fit> rejected, List<String> notes) {
        Fit first = ranked.get(0);
        if (constantForm(first)) {
            return ranked;
        }
        Optional<String> why = contradiction(first);
        if (why.isEmpty()) {
            return ranked;
        }
        Fit chosen = null;
        for (Fit f : ranked) {
            if (f != first && f.ok() && !rejected.contains(f) && (constantForm(f) || contradiction(f).isEmpty())) {
                chosen = f;
                break;
            }
        }
        if (chosen == null) {
            chosen = best();
        }
        notes.add("the data contradict " + first.model().text() + ": " + why.get() + "; selected instead: "
                + chosen.model().text());
        List<Fit> out = new ArrayList<>();
        out.add(chosen);
        for (Fit f : ranked) {
            if (f != chosen) {
                out.add(f);
            }
        }
        return out;
    }

    private boolean constantForm(Fit f) {
        return f.candidate().form().variables().stream().noneMatch(series.variables()::contains);
    }
}

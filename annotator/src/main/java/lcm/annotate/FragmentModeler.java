package lcm.annotate;

import lcm.expr.NumberText;
import lcm.annotation.Category;
import lcm.fit.CandidateTable;
import lcm.expr.Expr;
import lcm.fit.CandidateForm;
import lcm.fit.Collinear;
import lcm.fit.FitRequest;
import lcm.fit.FitResult;
import lcm.fit.ModelFitter;
import lcm.fit.Series;
import lcm.fit.Stability;
import lcm.measure.Measurement;
import lcm.measure.MeasurementSet;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Fits every category of one fragment's measurements against the fragment's variables with
 * {@code lcm fit}'s modeler ({@link ModelFitter}: the same candidate forms, selection rule,
 * constraints and multi-variable search), so that {@code lcm fit} and {@code lcm annotate}
 * choose the same model on the same data. The variables are the data's keys that are not measured
 * quantities and take at least two values among the fragment's measurements; a key with one
 * value is a constant of the experiment, and the models do not depend on it. Categories
 * measured as 0 everywhere get no model (a missing category is 0). Pure computation is the
 * key {@code pc}, else the thesis' {@code rt}.
 */
final class FragmentModeler {

    private final ModelFitter fitter;
    private final boolean stability;
    private final Expr loopCost;

    FragmentModeler(CandidateTable table) {
        this(table, true, null);
    }

    /**
     * @param stability check each chosen form on resamples of the runs ({@link Stability})
     * @param loopCost  li's known loop cost in the width w ({@link FitRequest#loopCost}), or null
     */
    FragmentModeler(CandidateTable table, boolean stability, Expr loopCost) {
        this.fitter = new ModelFitter(table);
        this.stability = stability;
        this.loopCost = loopCost;
    }

    /**
     * The models of fragment {@code tag}; notes (one-valued keys, measurements left out, fits
     * left out) go to {@code notes}.
     *
     * @throws UserError at the fragment's first measurement when a category cannot be modelled
     */
    FragmentModel model(MeasurementSet set, String tag, List<String> notes) {
        MeasurementSet mine = set.withTag(tag);
        List<String> variables = new ArrayList<>();
        for (String key : mine.variables()) {
            int values = mine.distinct(key).size();
            if (values >= 2) {
                variables.add(key);
            } else {
                notes.add(tag + ": " + key + " has one value (" + NumberText.plain(mine.distinct(key).iterator().next())
                        + "); the models do not depend on it");
            }
        }
        List<String> collinear = new ArrayList<>();
        List<String> kept = Collinear.reduce(mine.measurements(), variables, collinear);
        collinear.forEach(n -> notes.add(tag + ": " + n));
        variables.retainAll(kept);
        List<CategoryModel> models = new ArrayList<>();
        List<String> zero = new ArrayList<>();
        for (Category c : Category.values()) {
            String quantity = quantity(mine, c);
            if (quantity == null) {
                continue;
            }
            List<Measurement> ms = mine.measurements().stream().filter(m -> m.has(quantity)).toList();
            if (ms.stream().allMatch(m -> m.values().get(quantity) == 0)) {
                zero.add(c.key());
                continue;
            }
            List<Measurement> complete = ms.stream().filter(m -> variables.stream().allMatch(m::has)).toList();
            if (complete.size() < ms.size()) {
                notes.add(tag + ": " + (ms.size() - complete.size()) + " measurement(s) of " + quantity
                        + " lack a value of " + String.join(" or ", variables) + " and were left out");
            }
            Optional<CategoryModel> m = model(c, quantity, complete, variables);
            List<String> own = m.map(x -> x.result().notes()).orElse(List.of());
            own.forEach(n -> notes.add(tag + " " + c.key() + ": " + n));
            if (m.isEmpty() || m.get().fit() == null) {
                throw UserError.at(complete.isEmpty() ? ms.get(0).at() : complete.get(0).at(), "cannot fit a model of "
                        + c.key() + " for fragment '" + tag + "'" + (own.isEmpty() ? "" : ": " + own.get(own.size() - 1)));
            }
            models.add(m.get());
        }
        return new FragmentModel(tag, variables, models, zero, mine.size(), mine.measurements(), fittedOn(mine));
    }

    /**
     * The ranges of the fit: every variable of the fragment's observations from its smallest to
     * its largest value ({@code p} is the fragment's width where the data give it), and the runs.
     */
    private static List<FragmentModel.FittedOnText> fittedOn(MeasurementSet mine) {
        List<FragmentModel.FittedOnText> out = new ArrayList<>();
        for (String key : mine.variables()) {
            java.util.TreeSet<Double> values = new java.util.TreeSet<>(mine.distinct(key));
            if (values.isEmpty() || !key.matches("[A-Za-z_][A-Za-z0-9_]*") || key.equals(lcm.annotation.Annotation.FittedOn.RUNS)) {
                continue;
            }
            String low = lcm.expr.NumberText.digits(values.first(), 6);
            String high = lcm.expr.NumberText.digits(values.last(), 6);
            out.add(new FragmentModel.FittedOnText(key, low.equals(high) ? low : low + ":" + high));
        }
        out.add(new FragmentModel.FittedOnText(lcm.annotation.Annotation.FittedOn.RUNS, String.valueOf(mine.runs())));
        return out;
    }

    /** The model {@code lcm fit -c CAT -v "VARS"} selects for these measurements (a constant when no variable varies). */
    private Optional<CategoryModel> model(Category c, String quantity, List<Measurement> ms, List<String> variables) {
        if (ms.isEmpty()) {
            return Optional.empty();
        }
        FitResult r;
        if (variables.isEmpty()) {
            FitRequest constant = new FitRequest(ms, quantity, c, List.of(CONSTANT),
                    List.of(CandidateForm.of(Expr.var("k1"), List.of(CONSTANT), CandidateForm.Origin.DEFAULT)), false, false);
            double[][] x = new double[ms.size()][];
            double[] y = new double[ms.size()];
            for (int i = 0; i < ms.size(); i++) {
                x[i] = new double[] {1};
                y[i] = ms.get(i).values().get(quantity);
            }
            r = fitter.fit(constant, Series.of(List.of(CONSTANT), x, y));
        } else {
            FitRequest request = new FitRequest(ms, quantity, c, variables, List.of(), false, true,
                    c == Category.LI ? loopCost : null);
            r = fitter.fit(request);
            if (stability) {
                r = Stability.noted(fitter, request, r);
            }
        }
        return Optional.of(new CategoryModel(c, quantity, r, r.best().orElse(null)));
    }

    /** The variable of a constant model (no key varies): not a name any data file can use. */
    private static final String CONSTANT = "lcm:none";

    /** The key holding category {@code c} in these data, or null if none does. */
    private static String quantity(MeasurementSet data, Category c) {
        if (c == Category.PC) {
            if (data.keys().contains("pc")) {
                return "pc";
            }
            return data.keys().contains("rt") ? "rt" : null;
        }
        return data.keys().contains(c.key()) ? c.key() : null;
    }

}

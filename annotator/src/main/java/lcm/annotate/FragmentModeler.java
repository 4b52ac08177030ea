package lcm.annotate;

import lcm.annotation.Category;
import lcm.fit.CandidateTable;
import lcm.fit.ModelFitter;
import lcm.measure.Measurement;
import lcm.measure.MeasurementSet;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Fits every category of one fragment's measurements against the fragment's variables
 * ({@link CategoryModeler}). The variables are the data's keys that are not measured
 * quantities and take at least two values among the fragment's measurements; a key with one
 * value is a constant of the experiment, and the models do not depend on it. Categories
 * measured as 0 everywhere get no model (a missing category is 0). Pure computation is the
 * key {@code pc}, else the thesis' {@code rt}.
 */
final class FragmentModeler {

    private final CategoryModeler categories;

    FragmentModeler(CandidateTable table) {
        this.categories = new CategoryModeler(new ModelFitter(table), table);
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
                notes.add(tag + ": " + key + " has one value (" + format(mine.distinct(key).iterator().next())
                        + "); the models do not depend on it");
            }
        }
        Collinear.separate(mine.measurements(), variables, tag, notes);
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
            List<String> own = new ArrayList<>();
            Optional<CategoryModel> m = categories.model(c, quantity, complete, variables, own);
            own.forEach(n -> notes.add(tag + ": " + n));
            if (m.isEmpty()) {
                throw UserError.at(complete.isEmpty() ? ms.get(0).at() : complete.get(0).at(), "cannot fit a model of "
                        + c.key() + " for fragment '" + tag + "'" + (own.isEmpty() ? "" : ": " + own.get(own.size() - 1)));
            }
            models.add(m.get());
        }
        return new FragmentModel(tag, variables, models, zero, mine.size(), mine.measurements());
    }

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

    private static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}

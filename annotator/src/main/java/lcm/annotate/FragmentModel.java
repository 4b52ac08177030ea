package lcm.annotate;

import java.util.Optional;
import java.util.Set;
import java.util.List;

import lcm.annotation.Category;
import lcm.expr.CompiledExpr;
import lcm.expr.Expr;
import lcm.fit.Series;
import lcm.measure.Measurement;

/**
 * The models fitted for one fragment tag: one per category with non-zero data, in category
 * order ({@code pc li ip sl cl rc}).
 *
 * @param variables  the variables the models may depend on (those with two or more values in the data)
 * @param zero       the categories measured as 0 everywhere, which get no model line
 * @param points     the number of observations of the fragment (one per run)
 * @param fittedOn   the ranges the models were fitted on, as the {@code fitted-on:} statement writes
 *                   them ({@code n = 256:2048, p = 1:4, runs = 24})
 */
record FragmentModel(String tag, List<String> variables, List<CategoryModel> categories, List<String> zero, int points,
                     List<Measurement> data, List<FittedOnText> fittedOn) {

    /** One variable's range (or the runs) for the {@code fitted-on:} line. */
    record FittedOnText(String name, String range) {
    }

    /** The {@code fitted-on:} statement's text after the colon. */
    String fittedOnText() {
        StringBuilder b = new StringBuilder();
        for (FittedOnText r : fittedOn) {
            b.append(b.length() == 0 ? "" : ", ").append(r.name()).append(" = ").append(r.range());
        }
        return b.toString();
    }

    FragmentModel {
        variables = List.copyOf(variables);
        categories = List.copyOf(categories);
        zero = List.copyOf(zero);
        data = List.copyOf(data);
        fittedOn = List.copyOf(fittedOn);
    }

    /** The model fitted for {@code c}, if the data hold {@code c}. */
    Optional<CategoryModel> category(Category c) {
        return categories.stream().filter(m -> m.category() == c).findFirst();
    }

    /**
     * The relative error of a fixed model of {@code m}'s quantity on these data: the mean over
     * points of |mean - model| / ((|mean| + |model|) / 2) (SMAPE), the measure of
     * {@link CategoryModel#error()} (which is cross-validated, so a fixed model is judged the way
     * a new one is on points it was not fitted to); NaN when the model uses a name the data lack.
     */
    double errorOf(CategoryModel m, Expr model) {
        Set<String> names = model.variables();
        if (!variables.containsAll(names)) {
            return Double.NaN;
        }
        Series s = Series.of(data, m.quantity(), variables);
        if (s.points() == 0) {
            return Double.NaN;
        }
        CompiledExpr f = CompiledExpr.compile(model, variables);
        double sum = 0;
        for (int i = 0; i < s.points(); i++) {
            double y = s.centre(i);
            double m1 = f.eval(s.pointX(i));
            double den = (Math.abs(y) + Math.abs(m1)) / 2;
            sum += den == 0 ? 0 : Math.abs(y - m1) / den;
        }
        return sum / s.points();
    }
}

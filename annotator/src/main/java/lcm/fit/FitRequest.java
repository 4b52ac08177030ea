package lcm.fit;

import lcm.annotation.Category;
import lcm.expr.Expr;
import lcm.measure.Measurement;

import java.util.List;
import java.util.Objects;

/**
 * What to fit: the measurements (already restricted to one fragment and any extraction), the
 * measured quantity ({@code li}, {@code pc}, an Extra-P metric), the category whose candidate
 * forms apply, the variables, and extra forms.
 *
 * @param formulas   user formulas, fitted and ranked with the defaults
 * @param normalForm run the normal-form search even where the table does not ask for it
 * @param defaults   use the table's forms (false: only the formulas and any normal-form search)
 * @param loopCost   li only: the runtime's known cost of starting and ending a parallel loop, per
 *                   execution in seconds, an expression in the width {@code w} (a machine's
 *                   calibration, {@code a*(w-1) + b*(w-1)^2}); subtracted from the measured li
 *                   before li is modelled from its causes and added back exactly
 *                   ({@link LiFromCauses}); null: none
 */
public record FitRequest(List<Measurement> measurements, String quantity, Category category, List<String> variables,
                         List<CandidateForm> formulas, boolean normalForm, boolean defaults, Expr loopCost) {

    public FitRequest(List<Measurement> measurements, String quantity, Category category, List<String> variables,
                      List<CandidateForm> formulas, boolean normalForm, boolean defaults) {
        this(measurements, quantity, category, variables, formulas, normalForm, defaults, null);
    }

    public FitRequest {
        measurements = List.copyOf(measurements);
        Objects.requireNonNull(quantity, "quantity");
        Objects.requireNonNull(category, "category");
        variables = List.copyOf(variables);
        formulas = List.copyOf(formulas);
        if (variables.isEmpty()) {
            throw new IllegalArgumentException("no variables");
        }
    }

    /** The common case: a category's own quantity against some variables, default forms only. */
    public static FitRequest of(List<Measurement> measurements, Category category, String... variables) {
        return new FitRequest(measurements, category.key(), category, List.of(variables), List.of(), false, true);
    }

    public FitRequest withFormulas(List<CandidateForm> more) {
        return new FitRequest(measurements, quantity, category, variables, more, normalForm, defaults, loopCost);
    }

    public FitRequest withNormalForm(boolean on) {
        return new FitRequest(measurements, quantity, category, variables, formulas, on, defaults, loopCost);
    }

    public FitRequest withQuantity(String q) {
        return new FitRequest(measurements, q, category, variables, formulas, normalForm, defaults, loopCost);
    }

    /** The request with a known loop cost in the width {@code w} (null: none). */
    public FitRequest withLoopCost(Expr cost) {
        return new FitRequest(measurements, quantity, category, variables, formulas, normalForm, defaults, cost);
    }
}

package lcm.fit;

import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.List;

/**
 * The terms of a variable measured at too few values to choose them from the data: the
 * category's typical form of it (issue 34 holds the result to the runs' spread:
 * {@link RunSpread}). Used by {@link MultiVariableSearch}.
 */
final class TypicalTerms {

    private final ModelFitter fitter;

    TypicalTerms(ModelFitter fitter) {
        this.fitter = fitter;
    }

    /**
     * Identifiability: a variable measured at k < {@value ModelFitter#FEWEST_TO_SELECT} distinct
     * values cannot choose the shape of its terms (two values fit any one-term shape, three any
     * two-term one), so its terms are the category's typical form of it, the first form of a
     * {@code --forms} file, else of the built-in table, that is linear in its coefficients (the thesis' Table 5.1: li ~ p*sqrt(p), ip ~ p,
     * sl ~ log2(p), cl ~ p; pc ~ 1/p, Carlson et al.'s signature), at most k - 1 of them; a note
     * says so.
     */
    List<Expr> prior(FitRequest request, Series all, int v, List<Expr> found, List<String> notes) {
        return prior(request, all, v, found, notes, t -> true);
    }

    /**
     * {@link #prior(FitRequest, Series, int, List, List)} with the typical form the first whose
     * terms of the variable all pass {@code allowed} (for a width: grow no faster than the data).
     */
    List<Expr> prior(FitRequest request, Series all, int v, List<Expr> found, List<String> notes,
                     java.util.function.Predicate<Expr> allowed) {
        String variable = request.variables().get(v);
        double[] d = all.distinct(v);
        List<Expr> typical = new ArrayList<>();
        CandidateForm from = null;
        if (request.defaults()) {
            List<CandidateForm> forms = new ArrayList<>();
            // a user's forms file knows the program better than the table: its forms come first
            fitter.table().forms(request.category(), variable).stream()
                    .filter(f -> f.origin() != CandidateForm.Origin.DEFAULT).forEach(forms::add);
            fitter.table().forms(request.category(), variable).stream()
                    .filter(f -> f.origin() == CandidateForm.Origin.DEFAULT).forEach(forms::add);
            for (CandidateForm f : forms) {
                if (fitter.prepare(f).linear() && !variableTerms(f, variable).isEmpty()
                        && variableTerms(f, variable).stream().allMatch(allowed)) {
                    typical = variableTerms(f, variable);
                    from = f;
                    break;
                }
            }
        }
        if (typical.isEmpty()) {
            typical = found;
        }
        List<Expr> kept = new ArrayList<>(typical.subList(0, Math.min(typical.size(), d.length - 1)));
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < d.length; i++) {
            values.append(i == 0 ? "" : ", ").append(lcm.expr.NumberText.digits(d[i], 6));
        }
        notes.add("few values: " + variable + " has " + d.length + " distinct value" + (d.length == 1 ? "" : "s") + " ("
                + values + "), which determine at most " + (d.length - 1) + " term" + (d.length == 2 ? "" : "s") + " in "
                + variable + " and cannot tell its forms apart; its terms are "
                + (from == null ? "those of its best projection" : "the category's typical form (" + from.text() + ")")
                + ": " + String.join(", ", kept.stream().map(Expr::text).toList())
                + " (measure more values of " + variable + " to choose its form from the data)");
        return kept;
    }

    /** The basis functions of a linear form that depend on the variable. */
    List<Expr> variableTerms(CandidateForm form, String variable) {
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

}

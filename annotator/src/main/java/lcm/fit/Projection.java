package lcm.fit;

import lcm.expr.Expr;

import java.util.List;

/**
 * The univariate form chosen for one variable of a multi-variable fit (step 2(a) of the
 * thesis' Fig. 5.4): fitted on every line of the data along that variable (the other
 * variables held fixed), scored by the pooled relative cross-validation error (sum of the
 * lines' leave-one-point-out squared errors over the sum of their total sums of squares).
 *
 * @param terms         the form's terms that depend on the variable (empty: no effect)
 * @param lines         the number of lines used (0: no line varies this variable alone, so all data were used)
 * @param relativeError the pooled relative error of the chosen form (0 is perfect, 1 is no better than the mean)
 */
public record Projection(String variable, CandidateForm form, List<Expr> terms, int lines, double relativeError) {

    public Projection {
        terms = List.copyOf(terms);
    }
}

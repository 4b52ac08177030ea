package lcm.fit;

import lcm.expr.Expr;
import lcm.expr.Fn;

/**
 * Extra-P's rule for logarithms (issue 31): a variable whose measured values go below 1 (a task
 * parallel fragment's width 0.5) gets no candidate form or term with a logarithm of it, since
 * log2(v) changes sign at 1 and a form with it bends the wrong way between the points. Applies to
 * the built-in table's forms and the normal-form search, not to a user's own forms.
 */
final class LogTerms {

    private LogTerms() {
    }

    /** Whether the values of variable {@code v} of {@code s} go below 1, so that logarithms of it are left out. */
    static boolean barred(Series s, int v) {
        double[] d = s.distinct(v);
        return d.length > 0 && d[0] < 1;
    }

    /** Whether {@code e} takes a logarithm of an expression in {@code variable}. */
    static boolean logOf(Expr e, String variable) {
        return e.anyMatch(x -> x instanceof Expr.Call c && (c.fn() == Fn.LOG || c.fn() == Fn.LOG2)
                && c.args().stream().anyMatch(a -> a.variables().contains(variable) && !atLeastOne(a)));
    }

    /**
     * Whether {@code e} is {@code max(..., c)} with a number c >= 1, whose logarithm does not change
     * sign ({@code log2(max(p, 1))}, 0 on one processor: {@link ZeroOnOneProcessor}).
     */
    static boolean atLeastOne(Expr e) {
        return e instanceof Expr.Call c && c.fn() == Fn.MAX
                && c.args().stream().anyMatch(a -> a instanceof Expr.Num k && k.value().compareTo(java.math.BigDecimal.ONE) >= 0);
    }

    /** Whether the rule leaves {@code form} out for variable {@code v} of {@code s}. */
    static boolean excluded(CandidateForm form, Series s, int v) {
        return form.origin() == CandidateForm.Origin.DEFAULT && barred(s, v) && logOf(form.form(), s.variables().get(v));
    }
}

package lcm.fit;

import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Drops coefficients the data cannot tell from zero: for a selected form linear in its
 * coefficients, a coefficient whose 90 % interval contains zero (or whose term is below 1e-9 of
 * the data everywhere, which noiseless data give) is removed, least significant first, when the
 * smaller form's relative cross-validation error is not worse (within {@link Ranking}'s band).
 * Noiseless {@code 2e-5*n^2} is thus written {@code 2e-05*n^2}, not {@code -3e-18 + 2e-05*n^2}.
 */
final class Parsimony {

    private Parsimony() {
    }

    static Fit reduce(ModelFitter fitter, Fit chosen, Series s) {
        return reduce(fitter, chosen, s, f -> fitter.fitOne(f, s));
    }

    /** {@link #reduce(ModelFitter, Fit, Series)} with the smaller forms fitted by {@code refit} (relative least squares). */
    static Fit reduce(ModelFitter fitter, Fit chosen, Series s, java.util.function.Function<CandidateForm, Fit> refit) {
        Fit current = chosen;
        boolean dropped = true;
        while (dropped && current.coefficients().size() > 1) {
            dropped = false;
            if (!(FormStructure.of(current.candidate()) instanceof FormStructure.Linear lin) || lin.offset().isPresent()
                    || lin.basis().size() != current.coefficients().size()) {
                return current;
            }
            List<Integer> weak = new ArrayList<>();
            PreparedForm pf = fitter.prepare(current.candidate());
            for (int j = 0; j < current.coefficients().size(); j++) {
                Coefficient c = current.coefficients().get(j);
                if (c.intervalContainsZero() || negligible(pf, j, c.value(), s)) {
                    weak.add(j);
                }
            }
            Fit base = current;
            weak.sort(Comparator.comparingDouble(j -> Math.abs(base.coefficients().get(j).value())
                    / Math.max(Double.MIN_VALUE, base.coefficients().get(j).ci90())));
            for (int j : weak) {
                CandidateForm smaller = without(current.candidate(), lin.basis(), j);
                Fit f = refit.apply(smaller);
                if (f.ok() && f.cvRelative() <= current.cvRelative() * Ranking.BAND + Ranking.FLOOR) {
                    current = f;
                    dropped = true;
                    break;
                }
            }
        }
        return current;
    }

    private static boolean negligible(PreparedForm pf, int j, double value, Series s) {
        if (pf.basis == null || j >= pf.basis.length) {
            return false;
        }
        double largest = 0;
        for (int i = 0; i < s.points(); i++) {
            largest = Math.max(largest, Math.abs(value * pf.basis[j].eval(s.pointX(i))));
        }
        return largest <= 1e-9 * s.scale();
    }

    private static CandidateForm without(CandidateForm form, List<Expr> basis, int drop) {
        Expr e = null;
        int k = 1;
        for (int j = 0; j < basis.size(); j++) {
            if (j == drop) {
                continue;
            }
            Expr term = Expr.product(Expr.var("k" + k++), basis.get(j));
            e = e == null ? term : Expr.add(e, term);
        }
        return CandidateForm.of(e, form.variables(), form.origin(), form.at());
    }
}

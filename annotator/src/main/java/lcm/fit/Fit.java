package lcm.fit;

import lcm.expr.Coefficients;
import lcm.expr.Expr;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One candidate form fitted to a series: its coefficients with 90 % confidence half-widths,
 * R², adjusted R², the leave-one-point-out cross-validation error (root mean square of the
 * deleted residuals of the point means, in the data's unit), or why it could not be fitted.
 *
 * @param rows       the number of measurements fitted
 * @param cvRelative the leave-one-point-out error relative to the data: the mean over points of
 *                   |y - y'| / ((|y| + |y'|) / 2) (SMAPE, as Extra-P) with y' the prediction
 *                   of a point's mean from the other points; the selection rule's measure
 * @param covariance (XᵀX)⁻¹ (for nonlinear forms (JᵀJ)⁻¹) over all rows, not yet scaled by the
 *                   residual variance; null when not fitted or not determined
 * @param relative   fitted by relative least squares ({@link RelativeFit}): R², CV errors, RSS and
 *                   covariance refer to the data divided by each point's mean
 */
public record Fit(CandidateForm candidate, List<Coefficient> coefficients, double r2, double adjR2, double cvError,
                  double cvRelative, double rss, int rows, double[][] covariance, Optional<String> problem,
                  boolean relative) {

    public Fit {
        Objects.requireNonNull(candidate, "candidate");
        coefficients = List.copyOf(coefficients);
        Objects.requireNonNull(problem, "problem");
    }

    static Fit failed(CandidateForm candidate, int rows, String problem) {
        return new Fit(candidate, List.of(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, rows, null,
                Optional.of(problem), false);
    }

    /** The same fit of another form with the same coefficients (a weighted form mapped back to its plain one). */
    Fit as(CandidateForm other, boolean isRelative) {
        return new Fit(other, coefficients, r2, adjR2, cvError, cvRelative, rss, rows, covariance, problem, isRelative);
    }

    public boolean ok() {
        return problem.isEmpty();
    }

    /** The form with the fitted values in place of the coefficients: {@code 0.01022*p*sqrt(p)}. */
    public Expr model() {
        Map<String, Double> values = coefficients.stream().collect(Collectors.toMap(Coefficient::name, Coefficient::value));
        return Coefficients.substitute(candidate.form(), values);
    }

    /** Coefficients whose 90 % interval contains zero. */
    public List<Coefficient> uncertain() {
        return coefficients.stream().filter(Coefficient::intervalContainsZero).toList();
    }

    public double[] values() {
        return coefficients.stream().mapToDouble(Coefficient::value).toArray();
    }

    public int coefficientCount() {
        return candidate.coefficients().size();
    }
}

package lcm.fit;

import lcm.expr.CompiledExpr;
import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How well li's model from its causes ({@link LiFromCauses}) fits li: R², adjusted R² (its
 * coefficients are those of the fits it is made of), and the leave-one-point-out errors of
 * docs/fitting.md, each point of li predicted by the chosen forms of s, m (and g) refitted
 * without that point's runs.
 */
final class CausalScore {

    private CausalScore() {
    }

    /** The mean over li's points of |y - y'| / ((|y| + |y'|) / 2), y' the model's value (the relative error of the rule). */
    static double smape(Series li, Expr model, List<String> vars) {
        CompiledExpr f = CompiledExpr.compile(model, vars);
        double sum = 0;
        for (int j = 0; j < li.points(); j++) {
            sum += relative(li.centre(j), f.eval(li.pointX(j)));
        }
        return sum / li.points();
    }

    private static double relative(double y, double predicted) {
        double d = (Math.abs(y) + Math.abs(predicted)) / 2;
        return d == 0 ? 0 : Math.abs(y - predicted) / d;
    }

    /** The model of {@code parts} as a fit of li. */
    static Fit fit(ModelFitter fitter, Series li, LiFromCauses.Parts parts, List<String> vars, Series spread, Series mean) {
        Expr model = parts.model();
        CompiledExpr f = CompiledExpr.compile(model, vars);
        double rss = 0;
        for (int r = 0; r < li.rows(); r++) {
            double e = li.rowY(r) - f.eval(li.rowX(r));
            rss += e * e;
        }
        int k = parts.s().coefficientCount() + parts.m().coefficientCount() + (parts.g() == null ? 0 : parts.g().coefficientCount());
        double r2 = Statistics.r2(rss, li.tss(), li.scale(), li.rows());
        double sq = 0;
        double rel = 0;
        int n = 0;
        for (int j = 0; j < li.points(); j++) {
            double[] x = li.pointX(j);
            Optional<Double> y = leftOut(fitter, li, parts, vars, spread, mean, x);
            if (y.isPresent()) {
                double e = li.centre(j) - y.get();
                sq += e * e;
                rel += relative(li.centre(j), y.get());
                n++;
            }
        }
        double cv = n == 0 ? Double.NaN : Math.sqrt(sq / n);
        double cvRelative = n == 0 ? Double.NaN : rel / n;
        return new Fit(CandidateForm.of(model, vars, CandidateForm.Origin.CAUSES), List.of(), r2,
                Statistics.adjustedR2(r2, li.rows(), k), cv, cvRelative, rss, li.rows(), null, Optional.empty(), false);
    }

    /** The model at {@code x} with s, m and g refitted without the runs at {@code x}; empty when a refit fails. */
    private static Optional<Double> leftOut(ModelFitter fitter, Series li, LiFromCauses.Parts parts, List<String> vars,
                                            Series spread, Series mean, double[] x) {
        Fit s = refit(fitter, parts.s(), spread, x);
        Fit m = refit(fitter, parts.m(), mean, x);
        if (s == null || m == null) {
            return Optional.empty();
        }
        Fit g = null;
        if (parts.g() != null) {
            LiFromCauses.Parts without = new LiFromCauses.Parts(parts.p(), s, m, null, parts.loop());
            CompiledExpr f = CompiledExpr.compile(without.model(), vars);
            int pi = vars.indexOf(LiFromCauses.P);
            List<double[]> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (int r = 0; r < li.rows(); r++) {
                double[] rx = li.rowX(r);
                double w = pi >= 0 ? rx[pi] : parts.width();
                if (w > 1 && !Arrays.equals(rx, x)) {
                    xs.add(rx);
                    ys.add((li.rowY(r) - f.eval(rx)) / (w - 1));
                }
            }
            if (xs.isEmpty()) {
                return Optional.empty();
            }
            g = fitter.fitOne(parts.g().candidate(), Series.of(vars, xs.toArray(new double[0][]),
                    ys.stream().mapToDouble(Double::doubleValue).toArray()));
            if (!g.ok()) {
                return Optional.empty();
            }
        }
        Expr model = new LiFromCauses.Parts(parts.p(), s, m, g, parts.loop()).model();
        double v = CompiledExpr.compile(model, vars).eval(x);
        return Double.isFinite(v) ? Optional.of(v) : Optional.empty();
    }

    /** {@code fit}'s form refitted to {@code series} without the point at {@code x} (the same fit where no point is there); null when it fails. */
    private static Fit refit(ModelFitter fitter, Fit fit, Series series, double[] x) {
        Series rest = series.subset(pt -> !Arrays.equals(series.pointX(pt), x));
        if (rest.rows() == series.rows()) {
            return fit;
        }
        if (rest.points() == 0) {
            return null;
        }
        Fit f = fitter.fitOne(fit.candidate(), rest);
        return f.ok() ? f : null;
    }
}

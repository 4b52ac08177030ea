package lcm.fit;

import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.List;

/**
 * Chooses the breakpoints (kinks) of a form's hinges ({@link Hinge}) for a segmented model: for
 * each hinge in turn, the kink with the least residual sum of squares among {@value #STEPS}
 * steps across every interval between the variable's measured values, then refined by
 * golden-section search within one step. Kinks at or beyond the last value would leave the hinge
 * zero at every point, and are not tried.
 *
 * <p>The kink's 90 % interval is the profile-likelihood one: every kink c whose best fit has
 * RSS(c) <= RSS(best) (1 + F(0.90; 1, n - k) / (n - k)), F(0.90; 1, m) = t(0.95; m)^2, k counting
 * the kink; reported as the nearest profile steps on either side outside that bound (a bracket
 * that holds the interval).
 */
final class KinkProfile {

    static final int STEPS = 8;
    private static final int REFINE = 24;
    private static final double GOLDEN = (Math.sqrt(5) - 1) / 2;

    /** A breakpoint found: the variable, the kink and its 90 % interval (NaN ends when not bounded by the data). */
    record Breakpoint(String variable, double kink, double low, double high) {
        String text() {
            return "breakpoint of " + variable + " at " + NumberText.digits(kink, 5) + " (90 % interval "
                    + (Double.isNaN(low) ? "?" : NumberText.digits(low, 4)) + " .. "
                    + (Double.isNaN(high) ? "?" : NumberText.digits(high, 4)) + ")";
        }
    }

    private final ModelFitter fitter;
    private final RelativeFit data;

    KinkProfile(ModelFitter fitter, RelativeFit data) {
        this.fitter = fitter;
        this.data = data;
    }

    /** The fit of {@code start}'s form with every kink profiled; breakpoints found go to {@code found}. */
    Fit fit(Fit start, List<Breakpoint> found) {
        Fit best = start;
        List<Hinge> hinges = Hinge.in(start.candidate().form());
        int passes = hinges.size() > 1 ? 2 : 1;
        List<Breakpoint> last = new ArrayList<>();
        for (int pass = 0; pass < passes; pass++) {
            last.clear();
            for (int h = 0; h < hinges.size(); h++) {
                Hinge current = Hinge.in(best.candidate().form()).get(h);
                best = profile(best, current, last);
            }
        }
        found.addAll(last);
        return best;
    }

    private Fit profile(Fit start, Hinge hinge, List<Breakpoint> found) {
        int index = data.plain().variables().indexOf(hinge.variable());
        double[] values = data.plain().distinct(index);
        Fit best = start;
        double bestKink = hinge.kinkValue();
        double bestStep = 0;
        List<double[]> profile = new ArrayList<>();
        for (int i = 0; i + 1 < values.length; i++) {
            double step = (values[i + 1] - values[i]) / STEPS;
            for (int j = i == 0 ? 1 : 0; j < STEPS; j++) {
                double kink = values[i] + j * step;
                Fit p = at(start, hinge, kink);
                profile.add(new double[] {kink, rss(p)});
                if (rss(p) < rss(best)) {
                    best = p;
                    bestKink = kink;
                    bestStep = step;
                }
            }
        }
        if (bestStep > 0) {
            Hinge chosen = Hinge.in(best.candidate().form()).stream().filter(x -> x.variable().equals(hinge.variable())
                    && x.rising() == hinge.rising()).findFirst().orElse(hinge.at(bestKink));
            double lo = bestKink - bestStep;
            double hi = bestKink + bestStep;
            double a = hi - GOLDEN * (hi - lo);
            double b = lo + GOLDEN * (hi - lo);
            Fit pa = at(best, chosen, a);
            Fit pb = at(best, chosen, b);
            for (int i = 0; i < REFINE; i++) {
                if (rss(pa) <= rss(pb)) {
                    hi = b;
                    b = a;
                    pb = pa;
                    a = hi - GOLDEN * (hi - lo);
                    pa = at(best, chosen, a);
                } else {
                    lo = a;
                    a = b;
                    pa = pb;
                    b = lo + GOLDEN * (hi - lo);
                    pb = at(best, chosen, b);
                }
            }
            Fit refined = rss(pa) <= rss(pb) ? pa : pb;
            if (rss(refined) < rss(best)) {
                best = refined;
            }
        }
        Hinge kept = Hinge.in(best.candidate().form()).stream().filter(x -> x.variable().equals(hinge.variable())
                && x.rising() == hinge.rising()).findFirst().orElse(hinge);
        found.add(interval(kept, rss(best), best, profile));
        return best;
    }

    /** The kinks of the profile whose RSS is within the F-test bound of the best: their range. */
    private static Breakpoint interval(Hinge h, double bestRss, Fit best, List<double[]> profile) {
        int dof = best.rows() - best.coefficientCount() - 1;
        if (dof <= 0 || !Double.isFinite(bestRss)) {
            return new Breakpoint(h.variable(), h.kinkValue(), Double.NaN, Double.NaN);
        }
        double bound = bestRss * (1 + Math.pow(Statistics.t90(dof), 2) / dof);
        // the nearest profile steps on either side whose fit is outside the bound: a bracket that
        // holds every kink within it (NaN where no step outside it lies on that side)
        double kink = h.kinkValue();
        double low = Double.NaN;
        double high = Double.NaN;
        for (double[] p : profile) {
            if (p[1] > bound && p[0] <= kink && (Double.isNaN(low) || p[0] > low)) {
                low = p[0];
            }
            if (p[1] > bound && p[0] >= kink && (Double.isNaN(high) || p[0] < high)) {
                high = p[0];
            }
        }
        return new Breakpoint(h.variable(), kink, low, high);
    }

    private Fit at(Fit start, Hinge hinge, double kink) {
        CandidateForm f = start.candidate();
        CandidateForm moved = CandidateForm.of(Hinge.replace(f.form(), hinge, hinge.at(kink)), f.variables(), f.origin(), f.at());
        return data.fit(fitter, moved);
    }

    private static double rss(Fit p) {
        return p.ok() && Double.isFinite(p.rss()) ? p.rss() : Double.POSITIVE_INFINITY;
    }
}

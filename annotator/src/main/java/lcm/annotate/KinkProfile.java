package lcm.annotate;

import lcm.fit.Fit;
import lcm.fit.ModelFitter;

import java.util.List;

/**
 * Chooses the kinks of a shape's hinges: for each hinge in turn, the kink with the least
 * residual sum of squares among {@value #STEPS} steps across every interval between the
 * variable's measured values, then refined by golden-section search within one step. Kinks at
 * or beyond the last value would leave the hinge zero at every point, and are not tried.
 */
final class KinkProfile {

    static final int STEPS = 8;
    private static final int REFINE = 24;
    private static final double GOLDEN = (Math.sqrt(5) - 1) / 2;

    /** A shape with its kinks chosen and its fit there. */
    record Profiled(Shape shape, Fit fit) {
    }

    private final ModelFitter fitter;

    KinkProfile(ModelFitter fitter) {
        this.fitter = fitter;
    }

    Profiled fit(Shape shape, RelativeSeries data) {
        Profiled best = new Profiled(shape, data.fit(fitter, shape));
        List<Hinge> hinges = shape.hinges();
        int passes = hinges.size() > 1 ? 2 : 1;
        for (int pass = 0; pass < passes; pass++) {
            for (int h = 0; h < hinges.size(); h++) {
                Hinge current = best.shape().hinges().get(h);
                best = profile(best, current, data);
            }
        }
        return best;
    }

    private Profiled profile(Profiled start, Hinge hinge, RelativeSeries data) {
        int index = data.variables().indexOf(hinge.variable());
        double[] values = data.plain().distinct(index);
        Profiled best = start;
        double bestKink = hinge.kinkValue();
        double bestStep = 0;
        for (int i = 0; i + 1 < values.length; i++) {
            double step = (values[i + 1] - values[i]) / STEPS;
            for (int j = i == 0 ? 1 : 0; j < STEPS; j++) {
                double kink = values[i] + j * step;
                Profiled p = at(start.shape(), hinge, kink, data);
                if (rss(p) < rss(best)) {
                    best = p;
                    bestKink = kink;
                    bestStep = step;
                }
            }
        }
        if (bestStep == 0) {
            return best;
        }
        Hinge chosen = hinge.at(bestKink);
        double lo = bestKink - bestStep;
        double hi = bestKink + bestStep;
        double a = hi - GOLDEN * (hi - lo);
        double b = lo + GOLDEN * (hi - lo);
        Profiled pa = at(best.shape(), chosen, a, data);
        Profiled pb = at(best.shape(), chosen, b, data);
        for (int i = 0; i < REFINE; i++) {
            if (rss(pa) <= rss(pb)) {
                hi = b;
                b = a;
                pb = pa;
                a = hi - GOLDEN * (hi - lo);
                pa = at(best.shape(), chosen, a, data);
            } else {
                lo = a;
                a = b;
                pa = pb;
                b = lo + GOLDEN * (hi - lo);
                pb = at(best.shape(), chosen, b, data);
            }
        }
        Profiled refined = rss(pa) <= rss(pb) ? pa : pb;
        return rss(refined) < rss(best) ? refined : best;
    }

    private Profiled at(Shape shape, Hinge hinge, double kink, RelativeSeries data) {
        Shape moved = shape.with(hinge, hinge.at(kink));
        return new Profiled(moved, data.fit(fitter, moved));
    }

    private static double rss(Profiled p) {
        return p.fit().ok() && Double.isFinite(p.fit().rss()) ? p.fit().rss() : Double.POSITIVE_INFINITY;
    }
}

package lcm.probe.calibration;

import lcm.expr.NumberText;

import java.util.List;

/**
 * The cost of starting and ending a parallel loop on w threads, c(w) = a(w-1) + b(w-1)^2, fitted
 * to measured costs by least squares with a, b >= 0 (a runtime does not get cheaper per loop as
 * threads are added: where the unconstrained fit gives a coefficient below 0, that coefficient
 * is 0 and the other is fitted alone). One thread costs nothing by the form: what a loop on one
 * thread costs beyond its work stays in the fit's residual. With costs at fewer than two values
 * of w above 1 (a machine of 2 processors) b is not determined: b = 0 and a is fitted alone.
 *
 * @param a        seconds per added thread
 * @param b        seconds per added thread squared
 * @param residual the largest |c(w) - measured| over the points, in seconds
 * @param note     how the fit was constrained, or empty
 */
public record LoopCostFit(double a, double b, double residual, String note) {

    /** A measured cost: the loop's threads and its seconds beyond the serial reference. */
    public record Cost(int w, double seconds) {
    }

    /** The fitted cost at {@code w} threads. */
    public double at(double w) {
        double x = w - 1;
        return a * x + b * x * x;
    }

    public static LoopCostFit of(List<Cost> costs) {
        double sxx = 0;
        double sx3 = 0;
        double sx4 = 0;
        double sxc = 0;
        double sx2c = 0;
        long above = costs.stream().filter(c -> c.w() > 1).mapToInt(Cost::w).distinct().count();
        for (Cost c : costs) {
            double x = c.w() - 1;
            sxx += x * x;
            sx3 += x * x * x;
            sx4 += x * x * x * x;
            sxc += x * c.seconds();
            sx2c += x * x * c.seconds();
        }
        double aAlone = sxx > 0 ? Math.max(0, sxc / sxx) : 0;
        if (above < 2) {
            String note = above == 0 ? "no loop of more than one thread: a = b = 0"
                    : "b = 0: with one thread count above 1 b is not determined, a is fitted alone";
            return finish(costs, aAlone, 0, note);
        }
        double det = sxx * sx4 - sx3 * sx3;
        double a = (sxc * sx4 - sx3 * sx2c) / det;
        double b = (sxx * sx2c - sx3 * sxc) / det;
        if (a >= 0 && b >= 0) {
            return finish(costs, a, b, "");
        }
        double bAlone = Math.max(0, sx2c / sx4);
        LoopCostFit linear = finish(costs, aAlone, 0, "least squares gave b = " + NumberText.plain(b) + " < 0: b = 0, a fitted alone");
        LoopCostFit square = finish(costs, 0, bAlone, "least squares gave a = " + NumberText.plain(a) + " < 0: a = 0, b fitted alone");
        return sse(costs, linear) <= sse(costs, square) ? linear : square;
    }

    private static LoopCostFit finish(List<Cost> costs, double a, double b, String note) {
        LoopCostFit f = new LoopCostFit(a, b, 0, note);
        double worst = 0;
        for (Cost c : costs) {
            worst = Math.max(worst, Math.abs(f.at(c.w()) - c.seconds()));
        }
        return new LoopCostFit(a, b, worst, note);
    }

    private static double sse(List<Cost> costs, LoopCostFit f) {
        double s = 0;
        for (Cost c : costs) {
            double d = f.at(c.w()) - c.seconds();
            s += d * d;
        }
        return s;
    }
}

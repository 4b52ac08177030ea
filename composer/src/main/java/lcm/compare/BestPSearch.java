package lcm.compare;

import lcm.expr.CompiledExpr;

import java.util.function.ToDoubleFunction;

/**
 * Numeric search for the p with the least T_P in the p axis' range at a fixed row value: the
 * least of {@value #SAMPLES} evenly spaced samples, then golden-section search between its
 * neighbours. Also scores given candidate values of p (the roots Symja found).
 */
final class BestPSearch {

    static final int SAMPLES = 512;
    private static final double GOLDEN = (Math.sqrt(5) - 1) / 2;

    private final ToDoubleFunction<double[]> time;
    private final Axis p;
    private final double[] x;

    /** {@code time} is compiled in the order (p, row). */
    BestPSearch(ToDoubleFunction<double[]> time, int variables, Axis p) {
        this.time = time;
        this.p = p;
        this.x = new double[variables];
    }

    double at(double pValue, double row) {
        x[0] = pValue;
        if (x.length > 1) {
            x[1] = row;
        }
        return time.applyAsDouble(x);
    }

    /** {p, T}: the least T among the samples, refined by golden-section search. */
    double[] numeric(double row) {
        if (p.integer()) {
            return amongSamples(row);
        }
        int best = -1;
        double bestT = Double.POSITIVE_INFINITY;
        double step = (p.to() - p.from()) / (SAMPLES - 1);
        for (int i = 0; i < SAMPLES; i++) {
            double t = at(sample(i, step), row);
            if (Double.isFinite(t) && (best < 0 || t < bestT)) {
                best = i;
                bestT = t;
            }
        }
        if (best < 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double a = sample(Math.max(0, best - 1), step);
        double b = sample(Math.min(SAMPLES - 1, best + 1), step);
        double c = b - GOLDEN * (b - a);
        double d = a + GOLDEN * (b - a);
        double fc = at(c, row);
        double fd = at(d, row);
        for (int i = 0; i < 200 && b - a > 1e-13 * Math.max(Math.abs(a), Math.abs(b)); i++) {
            if (fc < fd) {
                b = d;
                d = c;
                fd = fc;
                c = b - GOLDEN * (b - a);
                fc = at(c, row);
            } else {
                a = c;
                c = d;
                fc = fd;
                d = a + GOLDEN * (b - a);
                fd = at(d, row);
            }
        }
        double mid = (a + b) / 2;
        double fm = at(mid, row);
        double bestP = sample(best, step);
        return Double.isFinite(fm) && fm <= bestT ? new double[] {mid, fm} : new double[] {bestP, bestT};
    }

    /** {p, T}: the least T among the ends of the range and the candidates inside it. */
    double[] among(double[] candidates, double row) {
        if (p.integer()) {
            return amongSamples(row); // a real root is no processor count: the best sample is
        }
        double bestP = p.from();
        double bestT = at(p.from(), row);
        double tTo = at(p.to(), row);
        if (!(bestT <= tTo)) {
            bestP = p.to();
            bestT = tTo;
        }
        for (double c : candidates) {
            if (p.contains(c)) {
                double t = at(c, row);
                if (Double.isFinite(t) && !(bestT <= t)) {
                    bestP = c;
                    bestT = t;
                }
            }
        }
        return new double[] {bestP, bestT};
    }

    /** {p, T}: the least T among the axis' own samples (integer p: 1, 2, ..., or the given list). */
    private double[] amongSamples(double row) {
        double bestP = Double.NaN;
        double bestT = Double.NaN;
        for (int i = 0; i < p.points(); i++) {
            double t = at(p.value(i), row);
            if (Double.isFinite(t) && !(bestT <= t)) {
                bestP = p.value(i);
                bestT = t;
            }
        }
        return new double[] {bestP, bestT};
    }

    private double sample(int i, double step) {
        return i == SAMPLES - 1 ? p.to() : p.from() + i * step;
    }
}

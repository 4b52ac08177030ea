package lcm.phases;

import lcm.expr.NumberText;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds stationary and transitional phases in a smoothed profile (Carlson et al. 2.2).
 * The smoothed profile is cut where its level changes: the least-squares piecewise-constant
 * segmentation with a penalty per cut (optimal partitioning), the penalty being
 * {@code penalty} x the profile's noise variance x ln(samples), the noise variance estimated
 * from the unsmoothed profile's successive differences (half their mean square). This is the
 * paper's search "one phase, then two, ... keep the best goodness", with the goodness made a
 * penalized error so that the search stops by itself. A segment shorter than
 * {@code minSamples} is transitional (an abrupt change between two levels); consecutive
 * transitional segments join; the rest are stationary. Mean and variance of each phase come
 * from the unsmoothed profile.
 */
public record PhaseFinder(Smoothing smoothing, double penalty, int minSamples) {

    public static final double DEFAULT_PENALTY = 4;

    public List<Phase> find(Profile profile) {
        double[] raw = profile.busy();
        double[] smooth = smoothing.apply(raw);
        int n = raw.length;
        double noise = 0;
        for (int i = 1; i < n; i++) {
            noise += (raw[i] - raw[i - 1]) * (raw[i] - raw[i - 1]);
        }
        noise = n > 1 ? noise / (2.0 * (n - 1)) : 0;
        double beta = penalty * Math.max(noise, 1e-6 * profile.processors() * profile.processors()) * Math.log(Math.max(n, 2));
        List<int[]> segments = segment(smooth, beta);
        List<int[]> merged = new ArrayList<>();
        List<Phase.Kind> kinds = new ArrayList<>();
        for (int[] s : segments) {
            Phase.Kind k = s[1] - s[0] < minSamples ? Phase.Kind.TRANSITIONAL : Phase.Kind.STATIONARY;
            if (k == Phase.Kind.TRANSITIONAL && !kinds.isEmpty() && kinds.get(kinds.size() - 1) == Phase.Kind.TRANSITIONAL) {
                merged.get(merged.size() - 1)[1] = s[1];
                continue;
            }
            merged.add(s.clone());
            kinds.add(k);
        }
        List<Phase> out = new ArrayList<>();
        for (int i = 0; i < merged.size(); i++) {
            int[] s = merged.get(i);
            out.add(stats(profile, i + 1, kinds.get(i), profile.start() + s[0] * profile.binWidth(),
                    profile.start() + s[1] * profile.binWidth(), s[0], s[1]));
        }
        return out;
    }

    /** Phases between boundaries a user gives (seconds from the trace's start). */
    public static List<Phase> given(Profile profile, List<Double> boundaries, String option) {
        List<Double> cuts = new ArrayList<>();
        cuts.add(0.0);
        cuts.addAll(boundaries);
        double length = profile.binWidth() * profile.bins();
        cuts.add(length);
        for (int i = 1; i < cuts.size() - 1; i++) {
            double c = cuts.get(i);
            if (!(c > 0 && c < length)) {
                throw UserError.of(option + ": boundary " + NumberText.text(c) + " s is outside the trace (0, "
                        + NumberText.text(length) + ") s, counted from its first activity");
            }
        }
        List<Phase> out = new ArrayList<>();
        for (int i = 1; i < cuts.size(); i++) {
            double a = cuts.get(i - 1);
            double b = cuts.get(i);
            if (b <= a) {
                throw UserError.of(option + ": phase " + i + " would have zero or negative length (from "
                        + NumberText.text(a) + " s to " + NumberText.text(b)
                        + " s after the trace's start): boundaries must increase strictly and lie inside (0, "
                        + NumberText.text(length) + ")");
            }
            int i0 = (int) Math.round(a / profile.binWidth());
            int i1 = (int) Math.round(b / profile.binWidth());
            if (i1 <= i0) {
                throw UserError.of(option + ": phase " + i + " (" + NumberText.text(a) + " .. " + NumberText.text(b)
                        + " s) is shorter than one profile bin (" + NumberText.text(profile.binWidth())
                        + " s): use more --bins or wider phases");
            }
            out.add(stats(profile, i, Phase.Kind.GIVEN, profile.start() + a, profile.start() + b, i0, i1));
        }
        return out;
    }

    private static Phase stats(Profile profile, int index, Phase.Kind kind, double start, double end, int i0, int i1) {
        double[] raw = profile.busy();
        double sum = 0;
        double sq = 0;
        int m = i1 - i0;
        for (int i = i0; i < i1; i++) {
            sum += raw[i];
            sq += raw[i] * raw[i];
        }
        double mean = sum / m;
        double var = Math.max(0, sq / m - mean * mean);
        return new Phase(index, kind, start, end, mean, var);
    }

    /** Optimal partitioning of y into constant pieces, cost = SSE + beta per piece. */
    static List<int[]> segment(double[] y, double beta) {
        int n = y.length;
        double[] s1 = new double[n + 1];
        double[] s2 = new double[n + 1];
        for (int i = 0; i < n; i++) {
            s1[i + 1] = s1[i] + y[i];
            s2[i + 1] = s2[i] + y[i] * y[i];
        }
        double[] f = new double[n + 1];
        int[] from = new int[n + 1];
        f[0] = -beta;
        for (int j = 1; j <= n; j++) {
            f[j] = Double.POSITIVE_INFINITY;
            for (int i = 0; i < j; i++) {
                double sum = s1[j] - s1[i];
                double c = f[i] + (s2[j] - s2[i]) - sum * sum / (j - i) + beta;
                if (c < f[j]) {
                    f[j] = c;
                    from[j] = i;
                }
            }
        }
        List<int[]> out = new ArrayList<>();
        for (int j = n; j > 0; j = from[j]) {
            out.add(0, new int[] {from[j], j});
        }
        return out;
    }
}

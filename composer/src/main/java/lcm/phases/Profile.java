package lcm.phases;

import java.util.Collections;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Carlson's execution profile: the number of busy processors as a function of time, sampled in
 * {@code bins} equal bins from the trace's start to its end (each bin holds the time-weighted
 * average over the bin, so a bin half busy on one processor counts 0.5), and the same for the
 * processors lost to each category (receive, wait, a Paraver state ...).
 */
public record Profile(double start, double binWidth, int processors, double[] busy, Map<String, double[]> lost) {

    public Profile {
        busy = busy.clone();
        Map<String, double[]> copy = new LinkedHashMap<>();
        lost.forEach((k, v) -> copy.put(k, v.clone()));
        lost = Collections.unmodifiableMap(copy);
    }

    public static Profile of(Timeline tl, int bins) {
        if (bins < 1) {
            throw new IllegalArgumentException("bins < 1");
        }
        double start = tl.start();
        double length = tl.length();
        double width = length > 0 ? length / bins : 1;
        double[] busy = new double[bins];
        Map<String, double[]> lost = new LinkedHashMap<>();
        for (Lane lane : tl.lanes()) {
            for (Span s : lane.spans()) {
                double[] into = s.busy() ? busy : lost.computeIfAbsent(s.category(), k -> new double[bins]);
                spread(into, start, width, s.begin(), s.end());
            }
        }
        return new Profile(start, width, tl.processors(), busy, lost);
    }

    /** Adds the fraction of each bin that [b, e) covers. */
    private static void spread(double[] into, double start, double width, double b, double e) {
        int n = into.length;
        double x0 = (b - start) / width;
        double x1 = (e - start) / width;
        int i0 = Math.max(0, (int) Math.floor(x0));
        int i1 = Math.min(n - 1, (int) Math.floor(x1));
        for (int i = i0; i <= i1; i++) {
            double lo = Math.max(x0, i);
            double hi = Math.min(x1, i + 1);
            if (hi > lo) {
                into[i] += hi - lo;
            }
        }
    }

    public int bins() {
        return busy.length;
    }

    /** The time at the middle of bin i. */
    public double time(int i) {
        return start + (i + 0.5) * binWidth;
    }

    public double[] times() {
        double[] t = new double[busy.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = time(i);
        }
        return t;
    }

    /** Average parallelism: mean busy processors over the run. */
    public double averageParallelism() {
        return Arrays.stream(busy).average().orElse(0);
    }
}

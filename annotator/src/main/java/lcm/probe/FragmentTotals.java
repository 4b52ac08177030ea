package lcm.probe;

import lcm.expr.NumberText;
import lcm.expr.StreamingMedian;
/**
 * One fragment's executions in one run, summed as they close (memory does not grow with their
 * number): the count, the sums of wall time, budget and categories, and the median per
 * execution of each category and of the wall time (docs/measure.md, "Lines"); where the probe
 * named the threads, the means over the executions of the threads that worked and of their mean
 * busy time, and the root mean square of their standard deviations (the pooled one).
 */
public final class FragmentTotals {

    private final String tag;
    private final double width;
    private final double firstStart;
    private long execs;
    private double wall;
    private double budget;
    private final double[] sums = new double[4];
    private long spreadExecs;
    private double threadSum;
    private double meanSum;
    private double varianceSum;
    private final StreamingMedian[] medians = {new StreamingMedian(), new StreamingMedian(), new StreamingMedian(),
        new StreamingMedian(), new StreamingMedian()};

    FragmentTotals(String tag, double width, double firstStart) {
        this.tag = tag;
        this.width = width;
        this.firstStart = firstStart;
    }

    void add(FragmentCost c) {
        execs++;
        wall += c.wall();
        budget += c.budget();
        double[] v = {c.pc(), c.li(), c.ip(), c.sl()};
        for (int i = 0; i < 4; i++) {
            sums[i] += v[i];
            medians[i].add(v[i]);
        }
        medians[4].add(c.wall());
        ThreadSpread t = c.spread();
        if (t.known()) {
            spreadExecs++;
            threadSum += t.threads();
            meanSum += t.mean();
            varianceSum += t.sd() * t.sd();
        }
    }

    /**
     * Over the executions whose threads the probe named: the mean number of threads that worked,
     * the mean of their mean busy times, and the pooled standard deviation sqrt(mean of the
     * variances); {@link ThreadSpread#NONE} when none was named.
     */
    public ThreadSpread spread() {
        if (spreadExecs == 0) {
            return ThreadSpread.NONE;
        }
        return new ThreadSpread((int) Math.round((double) threadSum / spreadExecs), meanSum / spreadExecs,
                Math.sqrt(varianceSum / spreadExecs));
    }

    /** The mean number of threads that worked per execution (not rounded; NaN when none was named). */
    public double threadsPerExecution() {
        return spreadExecs == 0 ? Double.NaN : threadSum / spreadExecs;
    }

    public String tag() {
        return tag;
    }

    public double width() {
        return width;
    }

    /** When its first execution began (seconds from the measured region's start). */
    public double firstStart() {
        return firstStart;
    }

    public long execs() {
        return execs;
    }

    public double wall() {
        return wall;
    }

    /** The processor-seconds its width held while it ran (less what nested fragments held). */
    public double budget() {
        return budget;
    }

    public double pc() {
        return sums[0];
    }

    public double li() {
        return sums[1];
    }

    public double ip() {
        return sums[2];
    }

    public double sl() {
        return sums[3];
    }

    public double total() {
        return sums[0] + sums[1] + sums[2] + sums[3];
    }

    @Override
    public String toString() {
        return tag + ": width " + NumberText.plain(width) + ", " + execs + " executions, pc " + NumberText.fixed(pc(), 6)
                + " li " + NumberText.fixed(li(), 6) + " ip " + NumberText.fixed(ip(), 6) + " sl " + NumberText.fixed(sl(), 6)
                + ", wall " + NumberText.fixed(wall, 6) + ", budget " + NumberText.fixed(budget, 6);
    }

    /** Medians per execution: pc, li, ip, sl, wall. */
    public double[] medians() {
        double[] m = new double[5];
        for (int i = 0; i < 5; i++) {
            m[i] = medians[i].count() == 0 ? 0 : medians[i].median();
        }
        return m;
    }
}

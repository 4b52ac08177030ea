package lcm.compare;

import java.util.Arrays;

/**
 * A variable that ranges over {@code [from, to]}: either {@code points} evenly spaced values,
 * both ends included, or given samples (the integers of a p range, a list, powers of two, a
 * geometric n range; docs/compare.md, "The range").
 *
 * @param samples the values in increasing order, or null for evenly spaced ones
 * @param integer whether the variable takes integer values only (p): crossovers along it are
 *                reported as a pair of neighbouring integers and the best p is one of the samples
 */
public record Axis(String variable, double from, double to, int points, double[] samples, boolean integer) {

    public Axis {
        if (samples != null) {
            samples = samples.clone();
            for (int i = 1; i < samples.length; i++) {
                if (!(samples[i - 1] < samples[i])) {
                    throw new IllegalArgumentException("axis " + variable + ": samples must increase");
                }
            }
            if (samples.length < 2 || samples[0] != from || samples[samples.length - 1] != to
                    || points != samples.length) {
                throw new IllegalArgumentException("axis " + variable + ": samples must span from..to");
            }
        }
        if (!(from < to) || points < 2) {
            throw new IllegalArgumentException("axis " + variable + ": need from < to and 2 or more points");
        }
    }

    /** Evenly spaced real values. */
    public Axis(String variable, double from, double to, int points) {
        this(variable, from, to, points, null, false);
    }

    /** Given samples (increasing, at least two). */
    public static Axis of(String variable, double[] samples, boolean integer) {
        return new Axis(variable, samples[0], samples[samples.length - 1], samples.length, samples, integer);
    }

    /** The i-th sample (0-based); the last is exactly {@code to}. */
    public double value(int i) {
        if (samples != null) {
            return samples[i];
        }
        return i == points - 1 ? to : from + (to - from) * i / (points - 1);
    }

    /** Whether the samples were given rather than evenly spaced. */
    public boolean sampled() {
        return samples != null;
    }

    /** The samples, evenly spaced ones included. */
    public double[] values() {
        double[] out = new double[points];
        for (int i = 0; i < points; i++) {
            out[i] = value(i);
        }
        return out;
    }

    public double step() {
        return (to - from) / (points - 1);
    }

    public boolean contains(double x) {
        return x >= from && x <= to;
    }

    /**
     * A few values to show curves or rows for: the given samples when there are 2 to 8 of them;
     * the powers of two in the range when both ends are powers of two and there are 2 to 8 of
     * them, otherwise {@code count} evenly spaced values.
     */
    public double[] representatives(int count) {
        if (samples != null && samples.length <= 8) {
            return samples.clone();
        }
        if (isPowerOfTwo(from) && isPowerOfTwo(to)) {
            int k = (int) Math.round(Math.log(to / from) / Math.log(2)) + 1;
            if (k >= 2 && k <= 8) {
                double[] out = new double[k];
                for (int i = 0; i < k; i++) {
                    out[i] = from * Math.pow(2, i);
                }
                out[k - 1] = to;
                return out;
            }
        }
        double[] out = new double[count];
        for (int i = 0; i < count; i++) {
            double v = i == count - 1 ? to : from + (to - from) * i / (count - 1);
            out[i] = integer ? Math.rint(v) : v;
        }
        return integer ? Arrays.stream(out).distinct().toArray() : out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Axis a && a.variable.equals(variable) && a.from == from && a.to == to && a.points == points
                && Arrays.equals(a.samples, samples) && a.integer == integer;
    }

    @Override
    public int hashCode() {
        return variable.hashCode() * 31 + Arrays.hashCode(samples) + points;
    }

    @Override
    public String toString() {
        return variable + "=" + (samples == null ? from + ":" + to + " (" + points + " points)" : Arrays.toString(samples));
    }

    private static boolean isPowerOfTwo(double x) {
        if (!(x >= 1) || x != Math.rint(x) || x > 1e15) {
            return false;
        }
        long v = (long) x;
        return (v & (v - 1)) == 0;
    }
}

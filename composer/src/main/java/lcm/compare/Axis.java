package lcm.compare;

/**
 * A variable that ranges over {@code [from, to]}, sampled at {@code points} evenly spaced
 * values, both ends included.
 */
public record Axis(String variable, double from, double to, int points) {

    public Axis {
        if (!(from < to) || points < 2) {
            throw new IllegalArgumentException("axis " + variable + ": need from < to and 2 or more points");
        }
    }

    /** The i-th sample (0-based); the last is exactly {@code to}. */
    public double value(int i) {
        return i == points - 1 ? to : from + (to - from) * i / (points - 1);
    }

    public double step() {
        return (to - from) / (points - 1);
    }

    public boolean contains(double x) {
        return x >= from && x <= to;
    }

    /**
     * A few values to show curves or rows for: the powers of two in the range when both ends are
     * powers of two and there are 2 to 8 of them, otherwise {@code count} evenly spaced values.
     */
    public double[] representatives(int count) {
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
            out[i] = i == count - 1 ? to : from + (to - from) * i / (count - 1);
        }
        return out;
    }

    private static boolean isPowerOfTwo(double x) {
        if (!(x >= 1) || x != Math.rint(x) || x > 1e15) {
            return false;
        }
        long v = (long) x;
        return (v & (v - 1)) == 0;
    }
}

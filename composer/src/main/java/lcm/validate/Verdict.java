package lcm.validate;

/**
 * The answer to "is the structure predicted (B) faster than the one measured (A)?" at one point.
 * B and A are composed from the same fitted models, so most of the models' error is common to both
 * and cancels in their difference: the answer comes from the paired difference B - A, not from
 * the two intervals side by side. With bootstrap resamples (each fitted once and composed for both
 * structures) B and A are equal within the models' accuracy where the 90 % interval of the
 * resamples' differences contains 0 (that, and nothing else, is what "within the models' accuracy"
 * means); without resamples the two predictions are compared as they are.
 */
public enum Verdict {
    FASTER("faster"), SLOWER("slower"), EQUAL("equal within the models' accuracy");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    /** The answer the intervals of B and A give, side by side (for two predictions made independently). */
    public static Verdict of(Interval b, Interval a) {
        if (b.overlaps(a)) {
            return EQUAL;
        }
        return b.upper() < a.lower() ? FASTER : SLOWER;
    }

    /**
     * The answer of the paired difference: predictions {@code b} and {@code a}, and their values in
     * the same resamples ({@code bs[i]} and {@code as[i]} from one fit); without resamples the
     * predictions themselves.
     */
    public static Verdict paired(double b, double a, double[] bs, double[] as) {
        if (bs.length == 0 || bs.length != as.length) {
            return of(Interval.point(b), Interval.point(a));
        }
        double[] d = new double[bs.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = bs[i] - as[i];
        }
        Interval diff = Interval.of(b - a, d);
        if (diff.low() <= 0 && diff.high() >= 0) {
            return EQUAL;
        }
        return diff.high() < 0 ? FASTER : SLOWER;
    }

    /**
     * What the measured times say, where they differ by more than {@code margin} (the slower
     * more than (1 + margin) times the faster); EQUAL where they do not.
     */
    public static Verdict measured(double b, double a, double margin) {
        if (Math.max(a, b) <= (1 + margin) * Math.min(a, b)) {
            return EQUAL;
        }
        return b < a ? FASTER : SLOWER;
    }
}

package lcm.validate;

/**
 * The answer to "is the structure predicted (B) faster than the one measured (A)?" at one point,
 * from the two predictions' 90 % intervals: B faster when B's interval lies wholly below A's,
 * slower when wholly above, and equal within the models' accuracy when they overlap (that, and
 * nothing else, is what "within the models' accuracy" means).
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

    /** The answer the intervals of B and A give. */
    public static Verdict of(Interval b, Interval a) {
        if (b.overlaps(a)) {
            return EQUAL;
        }
        return b.upper() < a.lower() ? FASTER : SLOWER;
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

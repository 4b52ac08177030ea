package lcm.validate;

import lcm.expr.NumberText;

/**
 * The two naive answers a prediction of structure B must beat, each taken from A's measured runs
 * alone (those the fit uses): B takes A's time at the same point, and A's time at its largest
 * measured p scaled perfectly to B's p (docs/validation.md, "Naive answers").
 */
public enum NaiveBaseline {
    /** T_B(n, p) = T_A(n, p): where A was measured at the point. */
    SAME_TIME("same_time"),
    /** T_B(n, p) = T_A(n, pmax) x pmax / p: pmax the largest p among A's runs the fit uses. */
    PERFECT_SCALING("perfect_scaling");

    private final String key;

    NaiveBaseline(String key) {
        this.key = key;
    }

    /** The name in the JSON output. */
    public String key() {
        return key;
    }

    /** What the answer is, for the text output; {@code pmax} names A's largest p. */
    public String text(double pmax) {
        return switch (this) {
            case SAME_TIME -> "B takes A's time (A's measured time at the point)";
            case PERFECT_SCALING -> "perfect scaling from A's largest p (A's time at p = " + NumberText.plain(pmax)
                    + " x " + NumberText.plain(pmax) + " / p)";
        };
    }
}

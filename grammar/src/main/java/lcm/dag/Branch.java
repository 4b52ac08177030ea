package lcm.dag;

/** What a node made of a conditional stands for (docs/composition.md, "Branches"). */
public enum Branch {
    /** No branch of a conditional. */
    NONE,
    /**
     * A serial node whose children are the branches of an if/else (or case) without
     * {@code probability:}: one of them runs and lcm cannot tell which, so it counts the costlier.
     */
    COSTLIER,
    /**
     * A serial node made of a conditional without {@code probability:} whose only branch with
     * code (an {@code if} without {@code else}) is composed as taken on every pass: its branch's
     * nodes are its children.
     */
    TAKEN,
    /**
     * A loop that is one branch under {@code probability: P}: its trip count is the branch's
     * weight per pass (P for the first, the rest of 1 - P shared by the others).
     */
    WEIGHTED
}

package lcm.dag;

/** The node kinds of the parallel-structure DAG (docs/design.md#stages-and-what-flows-between-them, docs/design.md#json-contract). */
public enum NodeKind {
    SERIAL("serial"),
    PARALLEL("parallel"),
    PARALLEL_LOOP("parallel-loop"),
    LOOP("loop"),
    FRAGMENT("fragment"),
    LEAF("leaf");

    private final String json;

    NodeKind(String json) {
        this.json = json;
    }

    /** The name used in JSON and in the text tree. */
    public String json() {
        return json;
    }
}

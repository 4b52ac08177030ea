package lcm.dag;

/** An edge of the DAG: the child node and how this parent uses it. */
public record Child(Node node, Use use) {
}

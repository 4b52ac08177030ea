package lcm.compose;

import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.Scheduling;
import lcm.width.Env;

import java.util.List;

/**
 * One node composed in one environment, with everything its composition depended on and left
 * behind, so that a later composition holding the same node can take its model without composing
 * it again ({@link ComposedSubtrees}): the runtime facts of the node that the DAG, not the node,
 * holds (its scheduling and execution), and in order what composing it left: checks, fragments
 * without a model, and the nodes composed below it, each one of these.
 *
 * @param effects {@link SubtreeEffects.Effect}s and the {@code ComposedNode}s of the nodes below, in the order met
 * @param clean   whether the composition of the node and every node below left nothing a later one could
 *                not leave again: no diagnostic, no synchronizing or pool node (those are numbered per
 *                program), nothing composed while the tasks of a synchronizing node were
 */
record ComposedNode(Node node, Env env, NodeModel model, Scheduling scheduling, Execution execution,
                    List<Object> effects, boolean clean) {

    ComposedNode {
        effects = List.copyOf(effects);
    }

    /** The key of a composition: the node (by identity) and its environment. */
    record Key(Node node, Env env) {
    }

    Key key() {
        return new Key(node, env);
    }
}

package lcm.compose;

import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.width.Env;
import lcm.width.PointCheck;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What composing the nodes of one program leaves besides their models: the checks made at each
 * evaluated point, each extrapolation check once per fragment, variable and environment, each
 * fragment without a model once. Where the composer reuses subtrees ({@link ComposedSubtrees})
 * each node's effects are recorded in order into its {@link ComposedNode}, and a reused node's are
 * replayed as a fresh composition here would leave them: a shared node already composed in this
 * program in the same environment leaves nothing again (the memo answers it).
 */
final class SubtreeEffects {

    /** Something a composition leaves: replayed in order. */
    sealed interface Effect {
    }

    /** A check at every evaluated point. */
    record Check(PointCheck check) implements Effect {
    }

    /** An extrapolation check, made once per {@code key} (fragment, variable, environment). */
    record Extrapolation(String key, PointCheck check) implements Effect {
    }

    /** A fragment without a model, said once. */
    record Unmodelled(Node fragment) implements Effect {
    }

    private final Consumer<PointCheck> checks;
    private final boolean recording;
    private final Set<String> extrapolationChecked = new HashSet<>();
    private final Set<Node> unmodelledWarned = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<String> unmodelled = new LinkedHashSet<>();
    /** The effects of the nodes being composed, innermost last (recording only). */
    private final List<List<Object>> open = new ArrayList<>();

    SubtreeEffects(Consumer<PointCheck> checks, boolean recording) {
        this.checks = checks;
        this.recording = recording;
    }

    /** The fragments without a model met, each once ({@code name (file:line)}), in the order met. */
    Set<String> unmodelled() {
        return unmodelled;
    }

    void check(PointCheck c) {
        record(new Check(c));
        checks.accept(c);
    }

    void extrapolation(String key, PointCheck c) {
        Extrapolation e = new Extrapolation(key, c);
        record(e);
        apply(e);
    }

    void unmodelled(Node fragment) {
        Unmodelled e = new Unmodelled(fragment);
        record(e);
        apply(e);
    }

    private void record(Object effect) {
        if (recording && !open.isEmpty()) {
            open.get(open.size() - 1).add(effect);
        }
    }

    private void apply(Effect e) {
        if (e instanceof Check c) {
            checks.accept(c.check());
        } else if (e instanceof Extrapolation x) {
            if (extrapolationChecked.add(x.key())) {
                checks.accept(x.check());
            }
        } else if (e instanceof Unmodelled u && unmodelledWarned.add(u.fragment())) {
            unmodelled.add(u.fragment().name() + " (" + u.fragment().at() + ")");
        }
    }

    /** A node's composition starts: what follows is its own. */
    void open() {
        if (recording) {
            open.add(new ArrayList<>());
        }
    }

    /** The node's composition ends with {@code model}: its record, kept in its parent's. */
    ComposedNode close(Node n, Env env, NodeModel model, Dag dag, boolean clean) {
        List<Object> own = recording ? open.remove(open.size() - 1) : List.of();
        boolean allClean = clean;
        for (Object o : own) {
            allClean &= !(o instanceof ComposedNode k) || k.clean();
        }
        ComposedNode done = new ComposedNode(n, env, model, dag.scheduling(n), dag.execution(n), own, allClean);
        record(done);
        return done;
    }

    /** A node met again in this program (the memo's answer): it leaves nothing, and is part of its parent. */
    void met(ComposedNode known) {
        record(known);
    }

    /**
     * {@code earlier}, composed by an earlier program, taken here: its effects left again as a
     * fresh composition would leave them ({@code shared}: the nodes this program reaches through
     * several edges, whose compositions {@code memo} keeps).
     */
    void replay(ComposedNode earlier, Set<Node> shared, Map<ComposedNode.Key, ComposedNode> memo) {
        leave(earlier, shared, memo);
        record(earlier);
    }

    private void leave(ComposedNode composed, Set<Node> shared, Map<ComposedNode.Key, ComposedNode> memo) {
        for (Object o : composed.effects()) {
            if (o instanceof ComposedNode k) {
                if (shared.contains(k.node())) {
                    if (memo.putIfAbsent(k.key(), k) != null) {
                        continue;
                    }
                }
                leave(k, shared, memo);
            } else {
                apply((Effect) o);
            }
        }
    }
}

package lcm.dag;

import lcm.annotation.Annotation;
import lcm.annotation.Category;
import lcm.expr.Expr;
import lcm.source.SourceLocation;
import lcm.source.SourceSpan;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A node of the parallel-structure DAG (docs/design.md#stages-and-what-flows-between-them). Shared subtrees are the same object
 * reached through several {@link Child} edges. Names are unique within one DAG.
 *
 * @param trips    trip count of a loop or parallel loop (empty when the source does not give one)
 * @param model    a fragment's model per category (empty for other kinds, or a fragment without a model)
 * @param modelAt  where the fragment's model is written
 * @param sync     the synchronization event of a sync leaf
 * @param routine  the routine in whose body the node's construct is written
 * @param loopVariable the loop's index variable (loops, parallel loops and fragments made from
 *                 them), "" otherwise: {@code sync:} indexes may use it
 * @param execution how a fragment's code uses its node's processors ({@link Execution#PARALLEL} for other kinds)
 * @param branch   what the node stands for when it is made of a conditional
 * @param fittedOn a fragment's {@code fitted-on:} line: the ranges its model was fitted on
 * @param contention a fragment's {@code contention:} line: its slowdown beside a co-runner and its own pressure
 */
public record Node(NodeKind kind, String name, SourceSpan span, Optional<Expr> trips, List<Child> children,
                   Map<Category, Expr> model, Optional<SourceLocation> modelAt, Optional<Annotation.Sync> sync,
                   String routine, String loopVariable, Execution execution, Branch branch,
                   Optional<Annotation.FittedOn> fittedOn, Optional<Annotation.Contention> contention) {

    public Node {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        children = List.copyOf(children);
        model = model.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(model));
        if (trips.isPresent() && kind != NodeKind.LOOP && kind != NodeKind.PARALLEL_LOOP && kind != NodeKind.FRAGMENT) {
            throw new IllegalArgumentException("only loops (and fragments made from loops) have trip counts: " + kind);
        }
        // a few names, each shared by many nodes: one copy of each
        loopVariable = Objects.requireNonNull(loopVariable, "loopVariable").intern();
        routine = routine == null ? null : routine.intern();
        if (!model.isEmpty() && kind != NodeKind.FRAGMENT) {
            throw new IllegalArgumentException("only fragments have models: " + kind);
        }
        if (kind == NodeKind.LEAF && !children.isEmpty()) {
            throw new IllegalArgumentException("leaves have no children");
        }
        Objects.requireNonNull(execution, "execution");
        if (execution != Execution.PARALLEL && kind != NodeKind.FRAGMENT) {
            throw new IllegalArgumentException("only fragments run as serial or replicated code: " + kind);
        }
        Objects.requireNonNull(branch, "branch");
        if ((branch == Branch.COSTLIER || branch == Branch.TAKEN) && kind != NodeKind.SERIAL
                || branch == Branch.WEIGHTED && kind != NodeKind.LOOP) {
            throw new IllegalArgumentException("a " + branch + " branch cannot be a " + kind + " node");
        }
        Objects.requireNonNull(fittedOn, "fittedOn");
        Objects.requireNonNull(contention, "contention");
    }

    /** A node without {@code contention:} parameters (every node but a fragment measured beside a co-runner). */
    public Node(NodeKind kind, String name, SourceSpan span, Optional<Expr> trips, List<Child> children,
                Map<Category, Expr> model, Optional<SourceLocation> modelAt, Optional<Annotation.Sync> sync,
                String routine, String loopVariable, Execution execution, Branch branch,
                Optional<Annotation.FittedOn> fittedOn) {
        this(kind, name, span, trips, children, model, modelAt, sync, routine, loopVariable, execution, branch,
                fittedOn, Optional.empty());
    }

    /** A node without {@code fitted-on:} ranges (every node but a fitted fragment). */
    public Node(NodeKind kind, String name, SourceSpan span, Optional<Expr> trips, List<Child> children,
                Map<Category, Expr> model, Optional<SourceLocation> modelAt, Optional<Annotation.Sync> sync,
                String routine, String loopVariable, Execution execution, Branch branch) {
        this(kind, name, span, trips, children, model, modelAt, sync, routine, loopVariable, execution, branch,
                Optional.empty());
    }

    /** A node that is neither serial code nor a branch. */
    public Node(NodeKind kind, String name, SourceSpan span, Optional<Expr> trips, List<Child> children,
                Map<Category, Expr> model, Optional<SourceLocation> modelAt, Optional<Annotation.Sync> sync,
                String routine, String loopVariable) {
        this(kind, name, span, trips, children, model, modelAt, sync, routine, loopVariable, Execution.PARALLEL,
                Branch.NONE);
    }

    public boolean isFragment() {
        return kind == NodeKind.FRAGMENT;
    }

    public boolean hasModel() {
        return !model.isEmpty() || modelAt.isPresent();
    }

    public SourceLocation at() {
        return span.start();
    }

    /** Identity-based hash: nodes are shared by reference; structural hashing of big DAGs is slow. */
    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public String toString() {
        return kind.json() + " " + name;
    }
}

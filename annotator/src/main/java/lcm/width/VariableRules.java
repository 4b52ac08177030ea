package lcm.width;

import lcm.algebra.Alg;
import lcm.algebra.Positivity;
import lcm.annotation.Annotation;
import lcm.dag.Child;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.expr.Expr;
import lcm.expr.Processors;
import lcm.expr.Fn;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The variable rules and execution widths of docs/composition.md, applied top down. Defaults: a
 * serial node's children get its variables and processors; each of T tasks of a parallel node
 * gets p/T processors; the body of a parallel loop without a model gets p = 1 (its iterations
 * run in rounds). A {@code vars:} binding (written, or implied by the code: a serial fragment,
 * {@code single} and {@code master} get p = 1, {@code num_threads(k)} p = k) replaces the
 * defaults for its node and subtree; inside it every variable means its value at the parent
 * node and {@code T} is the parent's number of tasks.
 *
 * <p>A binding of p is a team of k threads: the node's models run at p = k on min(k, share)
 * processors, the share being what the defaults give the node; where the team is larger,
 * each thread is time-sliced to min(1, share/k) of a processor.
 */
public final class VariableRules {

    public static final String TASKS = "T";

    private VariableRules() {
    }

    /**
     * The variables of {@code child} of {@code parent}. {@code steps} hears each rule applied, as a
     * supplier: the rule's text is built only where rules are kept (building it for every node of
     * 10^5 fragments cost time and garbage). {@code checks} hears the conditions to verify at each
     * evaluated point. Serial code ({@code serial}, {@link lcm.dag.Dag#onOneProcessor}: a fragment
     * that holds no parallel construct) runs on one processor.
     */
    public static Env childEnv(Node parent, Env parentEnv, Child child, Consumer<Supplier<AppliedRule>> steps,
                               Consumer<PointCheck> checks, Predicate<Node> serial) {
        int tasks = parent.kind() == NodeKind.PARALLEL ? parent.children().size() : 1;
        Expr parentWidth = parentEnv.width();
        boolean sliced = !parentWidth.equals(parentEnv.processors());
        Env env = parentEnv.withoutWidth();
        Expr width = null; // null: the child's width is its p
        if (parent.kind() == NodeKind.PARALLEL) {
            Expr p = Alg.div(parentEnv.processors(), Expr.num(tasks));
            env = env.with(Processors.NAME, p);
            width = sliced ? Alg.div(parentWidth, Expr.num(tasks)) : null;
            steps.accept(() -> new AppliedRule(child.node().name(), child.use().at(), "default rule: each of T = " + tasks
                    + " tasks gets p/T processors", Optional.of(p)));
            if (child.use().vars().stream().noneMatch(b -> b.name().equals(Processors.NAME))) {
                checks.accept(new PointCheck(width == null ? p : width, 1, child.use().at(), () -> "task "
                        + child.node().name() + " of parallel node " + parent.name() + " runs on less than one "
                        + "processor (p/" + tasks + "); it is time-sliced: give its processors with 'vars: p = ...'"));
            }
        } else if (parent.kind() == NodeKind.PARALLEL_LOOP) {
            env = env.with(Processors.NAME, Alg.ONE);
            width = sliced ? Alg.div(parentWidth, parentEnv.processors()) : null;
            steps.accept(() -> new AppliedRule(child.node().name(), child.use().at(),
                    "default rule: the body of a parallel loop without a model runs on p = 1", Optional.of(Alg.ONE)));
        } else if (sliced) {
            width = parentWidth;
        }
        // the processors the child may use: its default share (a team inside gets at most these)
        Expr share = width != null ? width : env.processors();
        if (serial.test(child.node()) && !Alg.isOne(env.processors())) {
            Expr available = share;
            env = env.with(Processors.NAME, Alg.ONE);
            width = team(Alg.ONE, available, child, checks, steps);
            steps.accept(() -> new AppliedRule(child.node().name(), child.use().at(),
                    "serial code (no parallel construct inside): runs on one processor, its model at p = 1",
                    Optional.of(Alg.ONE)));
        }
        List<Annotation.Binding> vars = child.use().vars();
        Map<String, Expr> parentValues = new HashMap<>(parentEnv.withoutWidth().values());
        parentValues.put(TASKS, Expr.num(tasks));
        // a call binds the callee's dummy names to its actual arguments, valued at the caller (docs/fortran.md)
        for (Annotation.Binding b : child.use().arguments()) {
            Expr value = Alg.substitute(b.value(), parentValues);
            env = env.with(b.name(), value);
            steps.accept(() -> new AppliedRule(child.node().name(), child.use().at(),
                    "argument: " + b.name() + " = " + b.value().text(), Optional.of(value)));
        }
        for (Annotation.Binding b : vars) {
            Expr value = Alg.substitute(b.value(), parentValues);
            env = env.with(b.name(), value);
            steps.accept(() -> new AppliedRule(child.node().name(), child.use().varsAt().orElse(child.use().at()),
                    "vars: " + b.name() + " = " + b.value().text(), Optional.of(value)));
            if (b.name().equals(Processors.NAME)) {
                // a team (or an explicit share) of value processors runs on at most the child's share
                width = team(value, share, child, checks, steps);
            }
        }
        if (width != null && !width.equals(env.processors())) {
            env = env.withWidth(width);
        }
        return env;
    }

    private static String teamMessage(Expr k, Child child) {
        return "the team of " + k.text() + " threads of " + child.node().name() + " has fewer processors than "
                + "threads: it is time-sliced, each thread gets min(1, processors/" + k.text() + ") of a processor";
    }

    /**
     * The processors a team of {@code k} threads runs on inside a node of {@code available}
     * processors: min(k, available), simplified where one side provably wins.
     */
    private static Expr team(Expr k, Expr available, Child child, Consumer<PointCheck> checks,
                             Consumer<Supplier<AppliedRule>> steps) {
        if (k instanceof Expr.Num a && available instanceof Expr.Num b) {
            if (a.value().compareTo(b.value()) <= 0) {
                return null;
            }
            checks.accept(new PointCheck(Alg.div(available, k), 1, child.use().at(), () -> teamMessage(k, child)));
            return available;
        }
        if (Alg.isOne(k) && available instanceof Expr.Var) {
            return null; // variables are at least 1
        }
        if (k.equals(available) || Positivity.nonNegative(Alg.sub(available, k))) {
            return null; // provably fits
        }
        if (!Alg.isOne(k)) { // one thread on less than a processor: the task's own check says so
            checks.accept(new PointCheck(Alg.div(available, k), 1, child.use().at(), () -> teamMessage(k, child)));
        }
        Expr w = new Expr.Call(Fn.MIN, List.of(k, available));
        steps.accept(() -> new AppliedRule(child.node().name(), child.use().at(), "team of " + k.text()
                + " threads: its models run at p = " + k.text() + " on min(threads, processors)", Optional.of(w)));
        return w;
    }
}

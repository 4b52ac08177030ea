package lcm.compose;

import lcm.algebra.Alg;
import lcm.annotation.Annotation;
import lcm.dag.Child;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.expr.Expr;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The variable rules of docs/design.md#model-semantics, applied top down. Defaults: a serial node's children get
 * its variables; each of T tasks of a parallel node gets p/T processors; the body of a
 * parallel loop without a model gets p = 1 (its iterations run in rounds). A {@code vars:}
 * annotation replaces the defaults for its node and subtree; inside it every variable means
 * its value at the parent node and {@code T} is the parent's number of tasks.
 */
public final class VariableRules {

    public static final String TASKS = "T";

    private VariableRules() {
    }

    /** The variables of {@code child} of {@code parent}; {@code steps} hears each rule applied. */
    public static Env childEnv(Node parent, Env parentEnv, Child child, Consumer<AppliedRule> steps) {
        int tasks = parent.kind() == NodeKind.PARALLEL ? parent.children().size() : 1;
        Env env = parentEnv;
        if (parent.kind() == NodeKind.PARALLEL) {
            Expr p = Alg.div(parentEnv.processors(), Expr.num(tasks));
            env = env.with(Env.PROCESSORS, p);
            steps.accept(new AppliedRule(child.node().name(), child.use().at(), "default rule: each of T = " + tasks
                    + " tasks gets p/T processors", java.util.Optional.of(p)));
        } else if (parent.kind() == NodeKind.PARALLEL_LOOP) {
            env = env.with(Env.PROCESSORS, Alg.ONE);
            steps.accept(new AppliedRule(child.node().name(), child.use().at(),
                    "default rule: the body of a parallel loop without a model runs on p = 1", java.util.Optional.of(Alg.ONE)));
        }
        List<Annotation.Binding> vars = child.use().vars();
        if (vars.isEmpty()) {
            return env;
        }
        Map<String, Expr> parentValues = new HashMap<>(parentEnv.values());
        parentValues.put(TASKS, Expr.num(tasks));
        for (Annotation.Binding b : vars) {
            Expr value = Alg.substitute(b.value(), parentValues);
            env = env.with(b.name(), value);
            steps.accept(new AppliedRule(child.node().name(), child.use().varsAt().orElse(child.use().at()),
                    "vars: " + b.name() + " = " + b.value().text(), java.util.Optional.of(value)));
        }
        return env;
    }
}

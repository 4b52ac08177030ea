package lcm.compose;

import lcm.algebra.Alg;
import lcm.annotation.Annotation;
import lcm.annotation.Category;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.expr.Expr;
import lcm.expr.NumberText;
import lcm.expr.Processors;
import lcm.width.AppliedRule;
import lcm.width.Env;
import lcm.width.PointCheck;
import lcm.width.VariableRules;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Resource contention between the tasks of a parallel node that run at the same time
 * (docs/composition.md#5d-resource-contention-between-tasks-rc, Bubble-Up's linear sensitivity): each fragment
 * with a {@code contention:} line is slowed in proportion to the summed pressure of the tasks
 * beside it, and the extra time is charged to rc. A node whose tasks hold no such fragment is
 * left exactly as it was.
 */
final class ContentionRules {

    /** Per task, over its fragments with contention parameters, each times its executions in the task. */
    private record Sums(Expr sensitive, Expr pressing, Expr weight) {
        static final Sums ZERO = new Sums(Alg.ZERO, Alg.ZERO, Alg.ZERO);

        Sums plus(Sums o) {
            return new Sums(Alg.add(sensitive, o.sensitive), Alg.add(pressing, o.pressing), Alg.add(weight, o.weight));
        }

        Sums times(Expr k) {
            return new Sums(Alg.mul(k, sensitive), Alg.mul(k, pressing), Alg.mul(k, weight));
        }
    }

    private final Dag dag;
    private final RuleLog rules;
    private final SubtreeEffects effects;
    private final Map<Node, Boolean> holds = new IdentityHashMap<>();

    ContentionRules(Dag dag, RuleLog rules, SubtreeEffects effects) {
        this.dag = dag;
        this.rules = rules;
        this.effects = effects;
    }

    /**
     * The tasks of {@code n} (composed at {@code env}) with rc charged where they run beside each
     * other: task i's time grows by its rc over its processors. The list itself where no task
     * holds a fragment with contention parameters, or fewer than two tasks run at once.
     */
    List<NodeModel> charge(Node n, Env env, List<NodeModel> tasks) {
        int count = n.children().size();
        if (count < 2 || n.children().stream().noneMatch(c -> holds(c.node()))) {
            return tasks;
        }
        Expr p = env.width();
        // the share of the other tasks that run beside one task: 0 at p = 1 (one after the other), 1 from p = T on
        Expr beside = Alg.min(List.of(Alg.ONE, Alg.max(List.of(Alg.ZERO,
                Alg.div(Alg.sub(p, Alg.ONE), Alg.num(count - 1))))));
        if (Alg.isZero(beside)) {
            rules.add(() -> new AppliedRule(n.name(), n.at(), "rc: the tasks run one after the other at p = " + p.text()
                    + ": no contention between them", Optional.of(Alg.ZERO)));
            return tasks;
        }
        List<Sums> sums = new ArrayList<>();
        for (Child c : n.children()) {
            Env childEnv = VariableRules.childEnv(n, env, c, x -> { }, x -> { }, dag::onOneProcessor);
            sums.add(sums(c.node(), childEnv));
        }
        List<NodeModel> out = new ArrayList<>(tasks.size());
        for (int i = 0; i < count; i++) {
            NodeModel task = tasks.get(i);
            if (Alg.isZero(sums.get(i).sensitive())) {
                out.add(task);
                continue;
            }
            List<Expr> neighbours = new ArrayList<>();
            for (int j = 0; j < count; j++) {
                Sums s = sums.get(j);
                if (j != i && !Alg.isZero(s.weight())) {
                    neighbours.add(Alg.div(s.pressing(), s.weight()));
                }
            }
            Expr above = Alg.mul(beside, Alg.sum(neighbours));
            Expr rc = Alg.mul(above, sums.get(i).sensitive());
            Child child = n.children().get(i);
            warnAbove(n, i, Alg.add(Alg.ONE, above), env);
            rules.add(() -> new AppliedRule(child.node().name(), child.use().at(), "rc+ = (Q - 1) sum of (s - 1)/(Pc - 1) pc "
                    + "over its fragments, Q - 1 = " + above.text() + " (the pressure of the tasks beside it)",
                    Optional.of(rc)));
            Map<Category, Expr> cats = new EnumMap<>(task.categories());
            cats.put(Category.RC, Alg.add(cats.get(Category.RC), rc));
            out.add(new NodeModel(cats, Alg.add(task.time(), Alg.div(rc, task.processors())), task.processors()));
        }
        return out;
    }

    /** A fragment's slowdown is linear up to the pressure it was measured at; beyond it, an extrapolation. */
    private void warnAbove(Node n, int task, Expr q, Env env) {
        Optional<Annotation.Contention> lowest = fragments(n.children().get(task).node()).stream()
                .min((a, b) -> Double.compare(a.atPressure(), b.atPressure()));
        lowest.ifPresent(c -> effects.extrapolation("rc\u0000" + n.name() + "\u0000" + task + "\u0000" + env.hashCode(),
                PointCheck.extrapolation(q, c.atPressure(), n.children().get(task).use().at(),
                        (v, where) -> n.children().get(task).node().name() + ": extrapolated: the pressure beside it, "
                                + NumberText.plain(v) + ", is above the co-runner's " + NumberText.plain(c.atPressure())
                                + " its fragments' slowdowns were measured at, at " + where)));
    }

    /** The contention parameters of the fragments under {@code n}. */
    private List<Annotation.Contention> fragments(Node n) {
        List<Annotation.Contention> out = new ArrayList<>();
        if (n.isFragment()) {
            n.contention().ifPresent(out::add);
        } else {
            n.children().forEach(c -> out.addAll(fragments(c.node())));
        }
        return out;
    }

    /** Whether a fragment under {@code n} (or {@code n} itself) has contention parameters. */
    private boolean holds(Node n) {
        Boolean known = holds.get(n);
        if (known == null) {
            known = n.isFragment() ? n.contention().isPresent() && n.model().containsKey(Category.PC)
                    : n.children().stream().anyMatch(c -> holds(c.node()));
            holds.put(n, known);
        }
        return known;
    }

    /**
     * The task's sums: every fragment with parameters contributes its pc (at its variables, as
     * the fragment rule evaluates it) times (s - 1)/(Pc - 1), times (q - 1), and alone (the
     * weight), each times the trip counts of the loops between the task and the fragment.
     */
    private Sums sums(Node n, Env env) {
        if (!holds(n)) {
            return Sums.ZERO;
        }
        if (n.isFragment()) {
            Annotation.Contention c = n.contention().orElseThrow();
            boolean replicated = dag.execution(n) == Execution.REPLICATED;
            Env modelEnv = replicated ? env.with(Processors.NAME, env.width()) : env;
            Expr pc = modelEnv.apply(Alg.normalize(n.model().get(Category.PC)));
            if (replicated) {
                pc = Alg.mul(env.width(), pc);
            }
            // nothing runs faster beside a co-runner, nor relieves its neighbour: a slowdown or a
            // pressure below 1 is the noise of the measurement, and counts as 1 (rc is never negative).
            // In decimals, as written: (1.3 - 1)/(1.5 - 1) is 0.6, not 0.6000000000000001
            BigDecimal slower = BigDecimal.valueOf(c.slowdown()).subtract(BigDecimal.ONE).max(BigDecimal.ZERO);
            BigDecimal sensitivity = slower.divide(BigDecimal.valueOf(c.atPressure()).subtract(BigDecimal.ONE),
                    MathContext.DECIMAL64).stripTrailingZeros();
            BigDecimal pressing = BigDecimal.valueOf(c.pressure()).subtract(BigDecimal.ONE).max(BigDecimal.ZERO);
            return new Sums(Alg.mul(Alg.num(sensitivity), pc), Alg.mul(Alg.num(pressing), pc), pc);
        }
        Sums total = Sums.ZERO;
        for (Child c : n.children()) {
            Env childEnv = VariableRules.childEnv(n, env, c, x -> { }, x -> { }, dag::onOneProcessor);
            total = total.plus(sums(c.node(), childEnv));
        }
        boolean loop = n.kind() == NodeKind.LOOP || n.kind() == NodeKind.PARALLEL_LOOP;
        return loop && n.trips().isPresent() ? total.times(env.apply(n.trips().get())) : total;
    }
}

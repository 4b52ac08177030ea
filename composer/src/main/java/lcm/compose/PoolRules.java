package lcm.compose;

import lcm.algebra.Alg;
import lcm.annotation.Category;
import lcm.dag.Branch;
import lcm.dag.Child;
import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Scheduling;
import lcm.expr.Expr;
import lcm.expr.Processors;
import lcm.source.Diagnostics;
import lcm.width.AppliedRule;
import lcm.width.Env;
import lcm.width.VariableRules;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parallel tasks that run in a pool (docs/composition.md, "Execution models"): composed by
 * running the pool's schedule at each point ({@link PoolNode}), not as a static team of p/T
 * processors per task. Each task is walked into what it does in order: its fragments that hold a
 * parallel construct are parallel loops whose width the schedule gives, its serial fragments run
 * on the task's thread, its loops stay loops. A task that holds something else (a nested parallel
 * node, a parallel loop without a model, a branch, synchronization) cannot be scheduled this way:
 * the node is then composed as a static team, with a warning that says why.
 */
final class PoolRules {

    private final StructuralRules structure;
    private final RuleLog rules;
    private final Diagnostics diagnostics;
    private final Map<String, Integer> names = new HashMap<>();
    private final List<PoolNode> pools = new ArrayList<>();
    /** The processors of the pool node being walked: the widest a loop of it can run. */
    private Expr poolProcessors = Alg.ONE;

    PoolRules(StructuralRules structure, RuleLog rules, Diagnostics diagnostics) {
        this.structure = structure;
        this.rules = rules;
        this.diagnostics = diagnostics;
    }

    /** The pool nodes composed, in the order met. */
    List<PoolNode> pools() {
        return pools;
    }

    /** The model of pool node {@code n}, or empty where its tasks hold what a pool schedule cannot run. */
    Optional<NodeModel> parallel(Node n, Env env, int[] path) {
        Scheduling scheduling = structure.dag().scheduling(n);
        poolProcessors = env.width();
        List<List<PoolTemplate>> tasks = new ArrayList<>();
        for (Child c : n.children()) {
            Env childEnv = VariableRules.childEnv(n, env, c, s -> { }, k -> { }, structure.dag()::onOneProcessor);
            List<PoolTemplate> body = new ArrayList<>();
            Optional<String> refused = template(c, childEnv, body);
            if (refused.isPresent()) {
                diagnostics.warning(n.at(), "parallel node " + n.name() + " runs in a pool (" + scheduling.runtime()
                        + "), but its task " + c.node().name() + " holds " + refused.get() + ", which lcm cannot "
                        + "schedule in a pool: composed as a static team of p/T processors per task");
                return Optional.empty();
            }
            tasks.add(body);
        }
        String id = n.name().replaceAll("[^A-Za-z0-9_]", "_");
        int k = names.merge(id, 1, Integer::sum);
        if (k > 1) {
            id = id + "_" + k;
        }
        Expr p = env.width();
        PoolNode pool = new PoolNode(n.name(), n.at(), scheduling, p, id, tasks);
        pools.add(pool);
        Map<Category, Expr> cats = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            cats.put(c, new Expr.Var(pool.variable(c)));
        }
        Expr cp = new Expr.Var(pool.time());
        rules.add(() -> new AppliedRule(n.name(), n.at(), "parallel node in a pool, " + scheduling.describe()
                + ": no closed form; T = " + cp.text() + ", the makespan of the pool's schedule at each point ("
                + (scheduling.commonPool() ? "p - 1 workers, a thread per task where p <= 2" : "the pool's workers")
                + "; the waiting caller runs nothing; a task blocked in a join holds its thread), its categories "
                + "those of the schedule", Optional.of(cp)));
        return Optional.of(structure.charged(n, path, new NodeModel(cats, cp, p)));
    }

    /** Appends what {@code c}'s node does to {@code out}; what the pool cannot run, if anything. */
    private Optional<String> template(Child c, Env env, List<PoolTemplate> out) {
        Node x = c.node();
        if (x.sync().isPresent()) {
            return Optional.of("a sync: event (" + x.name() + ")");
        }
        switch (x.kind()) {
            case LEAF -> {
                return Optional.empty();
            }
            case FRAGMENT -> {
                Execution execution = structure.dag().execution(x);
                if (execution == Execution.REPLICATED) {
                    return Optional.of("replicated code (" + x.name() + ")");
                }
                boolean parallel = execution != Execution.SERIAL;
                Env at = env.with(Processors.NAME, parallel ? new Expr.Var(PoolNode.WIDTH) : Alg.ONE);
                Map<Category, Expr> cats = new EnumMap<>(Category.class);
                x.model().forEach((cat, model) -> cats.put(cat, at.apply(Alg.normalize(model))));
                if (x.model().isEmpty()) {
                    structure.node(x, env, TreePath.ROOT); // the warning of a fragment without a model
                }
                // the schedule gives a loop at most the node's processors: its model is checked there
                Env widest = env.with(Processors.NAME, parallel ? poolProcessors : Alg.ONE);
                x.fittedOn().ifPresent(f -> structure.extrapolation(x, f, widest));
                out.add(new PoolTemplate.Fragment(x.name(), parallel, cats, c.use().inputs(), c.use().outputs()));
                return Optional.empty();
            }
            case SERIAL, LOOP -> {
                if (x.branch() == Branch.COSTLIER || x.branch() == Branch.WEIGHTED) {
                    return Optional.of("a branch (" + x.name() + ")");
                }
                List<PoolTemplate> body = new ArrayList<>();
                for (Child k : x.children()) {
                    Env kEnv = VariableRules.childEnv(x, env, k, s -> { }, q -> { }, structure.dag()::onOneProcessor);
                    Optional<String> refused = template(k, kEnv, body);
                    if (refused.isPresent()) {
                        return refused;
                    }
                }
                if (x.kind() == NodeKind.SERIAL) {
                    out.addAll(body);
                } else {
                    out.add(new PoolTemplate.Repeat(structure.tripCount(x, env), x.loopVariable(), body));
                }
                return Optional.empty();
            }
            default -> {
                return Optional.of("a " + x.kind().json() + " node outside a fragment (" + x.name() + ")");
            }
        }
    }

    /** The expressions of the pool templates: models, trip counts (their variables are the program's). */
    void collectExpressions(List<Expr> out) {
        for (PoolNode pn : pools) {
            out.add(pn.processors());
            pn.scheduling().workers().ifPresent(out::add);
            for (List<PoolTemplate> t : pn.tasks()) {
                collect(t, out);
            }
        }
    }

    private static void collect(List<PoolTemplate> items, List<Expr> out) {
        for (PoolTemplate t : items) {
            if (t instanceof PoolTemplate.Fragment f) {
                out.addAll(f.categories().values());
            } else if (t instanceof PoolTemplate.Repeat r) {
                out.add(r.trips());
                collect(r.body(), out);
            }
        }
    }
}

package lcm.compose;

import lcm.algebra.Alg;
import lcm.annotation.Category;
import lcm.dag.Child;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.expr.Expr;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.width.AppliedRule;
import lcm.width.Env;
import lcm.width.PointCheck;
import lcm.width.VariableRules;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Parallel tasks that synchronize (docs/composition.md#5-synchronization): no closed form. The
 * node's time and the SL and LI its synchronization causes are variables that the critical
 * path gives a value at each evaluated point ({@link SyncNode}); the tasks' own lost cycles
 * compose as usual, and each task is walked again into a template of what it does in order.
 */
final class SyncRules {

    private final StructuralRules structure;
    private final RuleLog rules;
    private final Diagnostics diagnostics;
    private final Consumer<PointCheck> checks;
    private final List<CriticalPathNode> syncNodes = new ArrayList<>();
    private final Map<Node, Boolean> hasSync = new IdentityHashMap<>();
    private final Map<String, Integer> names = new HashMap<>();
    private int depth;

    SyncRules(StructuralRules structure, RuleLog rules, Diagnostics diagnostics, Consumer<PointCheck> checks) {
        this.structure = structure;
        this.rules = rules;
        this.diagnostics = diagnostics;
        this.checks = checks;
    }

    /** The synchronizing parallel nodes composed, inner ones first. */
    List<CriticalPathNode> syncNodes() {
        return syncNodes;
    }

    /** Whether tasks of a synchronizing node are being composed: their nodes' models are reused by the template walk. */
    boolean active() {
        return depth > 0;
    }

    /** Whether a {@code sync:} event is at or below {@code n}. */
    boolean contains(Node n) {
        Boolean known = hasSync.get(n);
        if (known != null) {
            return known;
        }
        boolean found = n.sync().isPresent();
        for (Child c : n.children()) {
            found |= contains(c.node());
        }
        hasSync.put(n, found);
        return found;
    }

    /** A parallel node whose tasks synchronize. */
    NodeModel parallel(Node n, Env env, int[] path) {
        Expr p = env.width();
        String id = n.name().replaceAll("[^A-Za-z0-9_]", "_");
        int k = names.merge(id, 1, Integer::sum);
        if (k > 1) {
            id = id + "_" + k;
        }
        Expr cp = new Expr.Var("cp_" + id);
        Expr sl = new Expr.Var("sl_" + id);
        Expr li = new Expr.Var("li_" + id);
        Expr waitIp = new Expr.Var("ip_" + id);
        Map<Category, List<Expr>> sums = new EnumMap<>(Category.class);
        List<Expr> used = new ArrayList<>();
        List<SyncTemplate.Task> tasks = new ArrayList<>();
        // a task is composed, then walked again for its template: its nodes' models are reused
        depth++;
        for (int i = 0; i < n.children().size(); i++) {
            Child c = n.children().get(i);
            Env childEnv = VariableRules.childEnv(n, env, c, rules::add, checks, structure.dag()::onOneProcessor);
            int[] childPath = TreePath.append(path, i);
            NodeModel m = structure.node(c.node(), childEnv, childPath);
            for (Category cat : Category.values()) {
                sums.computeIfAbsent(cat, x -> new ArrayList<>()).add(m.category(cat));
            }
            used.add(m.processors());
            tasks.add(new SyncTemplate.Task(c.node().name(), m.processors(), m.time(),
                    template(c.node(), childEnv, childPath)));
        }
        depth--;
        Map<Category, Expr> cats = new EnumMap<>(Category.class);
        for (Category cat : Category.values()) {
            cats.put(cat, Alg.sum(sums.getOrDefault(cat, List.of())));
        }
        cats.put(Category.SL, Alg.add(cats.get(Category.SL), sl));
        cats.put(Category.LI, Alg.add(cats.get(Category.LI), li));
        cats.put(Category.IP, Alg.add(cats.get(Category.IP), waitIp));
        Expr unused = Alg.sub(p, Alg.sum(used));
        if (!Alg.isZero(unused)) {
            cats.put(Category.IP, Alg.add(cats.get(Category.IP), Alg.mul(unused, cp)));
        }
        syncNodes.add(new CriticalPathNode(n.name(), n.at(), cp.text(), sl.text(), li.text(), waitIp.text(), tasks));
        rules.add(() -> new AppliedRule(n.name(), n.at(), "parallel node whose tasks synchronize: no closed form; T = "
                + cp.text() + ", the critical path at each point; a wait costs SL on the task's main processor and "
                + "IP on its other p_t - 1, a task's idle end LI", Optional.of(cp)));
        return structure.charged(n, path, new NodeModel(cats, cp, p));
    }

    /** What a task does, in order, with loops kept as loops (unrolled per point). */
    private List<SyncTemplate> template(Node x, Env env, int[] path) {
        if (!contains(x)) {
            NodeModel m = structure.node(x, env, path);
            return Alg.isZero(m.time()) ? List.of() : List.of(new SyncTemplate.Work(m.time(), x.name()));
        }
        switch (x.kind()) {
            case LEAF -> {
                return x.sync().map(s -> List.<SyncTemplate>of(new SyncTemplate.Event(s, x.at()))).orElse(List.of());
            }
            case SERIAL, LOOP -> {
                List<SyncTemplate> body = new ArrayList<>();
                for (int i = 0; i < x.children().size(); i++) {
                    Child c = x.children().get(i);
                    Env childEnv = VariableRules.childEnv(x, env, c, s -> { }, k -> { }, structure.dag()::onOneProcessor);
                    body.addAll(template(c.node(), childEnv, TreePath.append(path, i)));
                }
                if (x.kind() == NodeKind.SERIAL) {
                    return body;
                }
                return List.of(new SyncTemplate.Repeat(structure.tripCount(x, env), x.loopVariable(), body));
            }
            default -> {
                diagnostics.error(firstSync(x).orElse(x.at()), "synchronization inside a nested "
                        + x.kind().json() + " node (" + x.name() + ") is not supported: put sync: events in the "
                        + "tasks of one parallel node");
                return List.of();
            }
        }
    }

    private static Optional<SourceLocation> firstSync(Node n) {
        if (n.sync().isPresent()) {
            return Optional.of(n.at());
        }
        for (Child c : n.children()) {
            Optional<SourceLocation> f = firstSync(c.node());
            if (f.isPresent()) {
                return f;
            }
        }
        return Optional.empty();
    }

    /** The expressions of the task templates: work lengths and trip counts (their variables count). */
    void collectExpressions(List<Expr> out) {
        for (CriticalPathNode sn : syncNodes) {
            for (SyncTemplate.Task t : sn.tasks()) {
                out.add(t.processors());
                collect(t.body(), out);
            }
        }
    }

    private static void collect(List<SyncTemplate> items, List<Expr> out) {
        for (SyncTemplate t : items) {
            if (t instanceof SyncTemplate.Work w) {
                out.add(w.seconds());
            } else if (t instanceof SyncTemplate.Repeat r) {
                out.add(r.trips());
                collect(r.body(), out);
            }
        }
    }
}

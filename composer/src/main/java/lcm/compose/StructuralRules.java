package lcm.compose;

import lcm.expr.NumberText;
import lcm.algebra.Alg;
import lcm.algebra.Positivity;
import lcm.annotation.Annotation;
import lcm.annotation.Category;
import lcm.dag.Branch;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.expr.Processors;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.UserError;
import lcm.width.AppliedRule;
import lcm.width.Env;
import lcm.width.PointCheck;
import lcm.width.VariableRules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The category rules, bottom up (docs/design.md#model-semantics, the thesis' section 6.2.2):
 * fragments give their models at their node's variables; serial nodes sum their children with
 * trip counts and IP+; parallel nodes take the slowest task with LI+ and IP+; parallel loops
 * without a model run in rounds; an if/else without probability counts its costlier branch.
 * Each node's variables come from the variable rules ({@link VariableRules}); the data-trace
 * rules' charges are added where they fall ({@link Charges}); tasks that synchronize go to the
 * synchronization rules ({@link SyncRules}), tasks that run in a pool to the pool's schedule
 * ({@link PoolRules}); tasks that run at once are charged their contention ({@link ContentionRules}).
 */
final class StructuralRules {

    private final RuleLog rules;
    private final Charges charges;
    private final Diagnostics diagnostics;
    private final SubtreeEffects effects;
    private final MaxReducer maxReducer = new MaxReducer();
    private final Map<ComposedNode.Key, ComposedNode> memo = new HashMap<>();
    private final Set<Node> shared;
    private final List<Composer.Visit> visits = new ArrayList<>();
    private final SyncRules sync;
    private final PoolRules pools;
    private final ContentionRules contention;
    private final Dag dag;
    /** The compositions of earlier programs to take nodes from; null where the composer keeps none. */
    private final ComposedSubtrees earlier;
    /** The nodes whose runtime facts, and those of every node below, are those of {@code earlier}'s compositions. */
    private final Set<Node> sameFacts = Collections.newSetFromMap(new IdentityHashMap<>());

    /** {@code earlier}: compositions of earlier programs to take unchanged nodes from, or null. */
    StructuralRules(Dag dag, RuleLog rules, Charges charges, Diagnostics diagnostics, Consumer<PointCheck> checks,
                    ComposedSubtrees earlier) {
        this.rules = rules;
        this.charges = charges;
        this.diagnostics = diagnostics;
        this.earlier = rules.keeps() ? null : earlier;
        this.effects = new SubtreeEffects(checks, this.earlier != null);
        this.dag = dag;
        this.shared = sharedNodes(dag);
        this.sync = new SyncRules(this, rules, diagnostics, effects::check);
        this.pools = new PoolRules(this, rules, diagnostics);
        this.contention = new ContentionRules(dag, rules, effects);
    }

    Dag dag() {
        return dag;
    }

    SyncRules sync() {
        return sync;
    }

    PoolRules pools() {
        return pools;
    }

    /** The fragments without a model met, each once ({@code name (file:line)}), in the order met. */
    Set<String> unmodelled() {
        return effects.unmodelled();
    }

    List<Composer.Visit> visits() {
        return visits;
    }

    /** The model of the root, which runs on p processors (serial code on one, the rest idle). */
    NodeModel root(Node root) {
        return dag.onOneProcessor(root) ? serialRoot(root) : node(root, Env.ROOT, TreePath.ROOT);
    }

    /** A program that is one serial fragment: it runs on one processor, the other p - 1 idle. */
    private NodeModel serialRoot(Node root) {
        rules.add(() -> new AppliedRule(root.name(), root.at(), "serial code (no parallel construct inside): runs on one "
                + "processor, its model at p = 1", Optional.of(Alg.ONE)));
        NodeModel one = node(root, Env.ROOT.with(Processors.NAME, Alg.ONE), TreePath.ROOT);
        Expr p = new Expr.Var(Processors.NAME);
        Expr idle = Alg.mul(Alg.sub(p, Alg.ONE), one.time());
        Map<Category, Expr> cats = new EnumMap<>(one.categories());
        cats.put(Category.IP, Alg.add(cats.get(Category.IP), idle));
        rules.add(() -> new AppliedRule(root.name(), root.at(), "IP+ = (p - 1) T: the processors idle while serial code runs",
                Optional.of(idle)));
        return new NodeModel(cats, one.time(), p);
    }

    /** The model of {@code n} at tree position {@code path} with the variables {@code env}. */
    NodeModel node(Node n, Env env, int[] path) {
        boolean charged = charges.chargedAtOrBelow(path);
        // only a node reached through several edges can be met again: the others' models are
        // garbage once their parent is composed (10^5 fragments kept 240 MiB of them alive)
        boolean memoized = !charged && (sync.active() || shared.contains(n));
        // a node of an earlier program (explore's variants share the unchanged ones) takes its model from then
        boolean reusable = earlier != null && !charged && !sync.active();
        ComposedNode.Key key = memoized || reusable ? new ComposedNode.Key(n, env) : null;
        if (memoized) {
            ComposedNode known = memo.get(key);
            if (known != null) {
                rules.add(() -> new AppliedRule(n.name(), n.at(), "shared node: its composed model is reused",
                        Optional.of(known.model().time())));
                effects.met(known);
                return known.model();
            }
        }
        ComposedNode before = reusable ? earlier.find(key, dag, sameFacts) : null;
        if (before != null) {
            effects.replay(before, shared, memo);
            if (memoized) {
                memo.put(key, before);
            }
            return before.model();
        }
        int diagnosed = diagnostics.count();
        int synchronizing = sync.syncNodes().size();
        int pooled = pools.pools().size();
        effects.open();
        NodeModel m;
        try {
            m = switch (n.kind()) {
                case FRAGMENT -> fragment(n, env);
                case LEAF -> NodeModel.zero(env.width());
                case SERIAL, LOOP -> n.branch() == Branch.COSTLIER ? costlierBranch(n, env, path) : serial(n, env, path);
                case PARALLEL -> sync.contains(n) ? sync.parallel(n, env, path)
                        : dag.scheduling(n).isPool() ? pools.parallel(n, env, path).orElseGet(() -> parallel(n, env, path))
                        : parallel(n, env, path);
                case PARALLEL_LOOP -> parallelLoop(n, env, path);
            };
        } catch (UserError e) {
            throw located(e, n);
        }
        ComposedNode done = effects.close(n, env, m, dag, diagnostics.count() == diagnosed
                && sync.syncNodes().size() == synchronizing && pools.pools().size() == pooled && !sync.active());
        if (memoized) {
            memo.put(key, done);
        }
        if (reusable) {
            earlier.keep(done);
        }
        if (rules.keeps()) {
            visits.add(new Composer.Visit(n, env, m));
        }
        return m;
    }

    /**
     * An error the algebra raises without a place (a division by an expression that is zero,
     * e.g. n/(1-1) or a vars: binding that zeroes a divisor) gets the place of the innermost node
     * composed: a fragment's model line, else the construct.
     */
    static UserError located(UserError e, Node n) {
        if (e.diagnostics().stream().anyMatch(d -> d.location().isPresent())) {
            return e;
        }
        SourceLocation at = n.kind() == NodeKind.FRAGMENT ? n.modelAt().orElse(n.at()) : n.at();
        return new UserError(e.diagnostics().stream()
                .map(d -> d.isError() ? Diagnostic.error(at, d.message()) : Diagnostic.warning(at, d.message()))
                .toList());
    }

    /** The nodes reached through more than one edge (a routine called from several places). */
    private static Set<Node> sharedNodes(Dag dag) {
        Set<Node> once = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Node> twice = Collections.newSetFromMap(new IdentityHashMap<>());
        dag.forEachNode(n -> {
            for (Child c : n.children()) {
                if (!once.add(c.node())) {
                    twice.add(c.node());
                }
            }
        });
        return twice;
    }

    private NodeModel fragment(Node n, Env env) {
        Expr p = env.processors();
        Expr width = env.width();
        Map<Category, Expr> cats = new EnumMap<>(Category.class);
        if (n.model().isEmpty()) {
            effects.unmodelled(n);
        }
        boolean replicated = dag.execution(n) == Execution.REPLICATED;
        // replicated code: one thread's cost in a team of width threads, on every processor of the team
        Env modelEnv = replicated ? env.with(Processors.NAME, width) : env;
        for (Map.Entry<Category, Expr> e : n.model().entrySet()) {
            Expr applied = modelEnv.apply(Alg.normalize(e.getValue()));
            Expr value = replicated ? Alg.mul(width, applied) : applied;
            cats.put(e.getKey(), value);
            rules.add(() -> new AppliedRule(n.name(), n.modelAt().orElse(n.at()), "fragment model " + e.getKey().key()
                    + " = " + e.getValue().text() + " at p = " + p.text(), Optional.of(value)));
        }
        n.fittedOn().ifPresent(f -> extrapolation(n, f, modelEnv));
        NodeModel m = new NodeModel(cats, Alg.ZERO, width);
        Expr time = Alg.div(m.total(), width);
        if (replicated) {
            rules.add(() -> new AppliedRule(n.name(), n.at(), "replicated code in a team region: every thread runs it "
                    + "once; its model (one thread's cost, at p = the team's width) times the team's processors", Optional.of(width)));
        }
        rules.add(() -> new AppliedRule(n.name(), n.at(), width.equals(p) ? "fragment time T = (sum of categories)/p"
                : "fragment time T = (sum of categories)/width, width " + width.text() + " (a time-sliced team)",
                Optional.of(time)));
        return new NodeModel(cats, time, width);
    }

    /**
     * A check per variable of a fragment's {@code fitted-on:} ranges: the value its model is
     * evaluated at (for p the fragment's width) more than 2x the largest value fitted is an
     * extrapolation, said at every point where it happens (docs/composition.md).
     */
    void extrapolation(Node n, Annotation.FittedOn fitted, Env env) {
        for (Annotation.Range r : fitted.variables()) {
            double largest = r.high();
            if (!(largest > 0)) {
                continue;
            }
            String name = r.name();
            Expr at = env.apply(new Expr.Var(name));
            effects.extrapolation(n.name() + "\u0000" + r.name() + "\u0000" + env.hashCode(), PointCheck.extrapolation(at, 2 * largest, n.modelAt().orElse(n.at()),
                    (v, where) -> n.name() + ": extrapolated: " + name + " = " + NumberText.plain(v) + " is "
                            + NumberText.plain(Math.round(v / largest * 10) / 10.0) + "x the largest measured " + name
                            + " (" + NumberText.plain(largest) + "), at " + where));
        }
    }

    /** Children that run one after another on p processors: summed categories and times, and IP+. */
    private record Sequence(Map<Category, Expr> categories, Expr time, Expr idle) {
    }

    /**
     * Sums children that run in sequence on {@code p} processors; {@code idle} is the IP+ of the
     * processors a child leaves unused: sum of (p - p_i) T_i.
     */
    private static Sequence sequence(List<NodeModel> kids, Expr p) {
        Map<Category, List<Expr>> sums = new EnumMap<>(Category.class);
        List<Expr> times = new ArrayList<>();
        List<Expr> idle = new ArrayList<>();
        for (NodeModel k : kids) {
            for (Category c : Category.values()) {
                sums.computeIfAbsent(c, x -> new ArrayList<>()).add(k.category(c));
            }
            times.add(k.time());
            Expr unused = Alg.sub(p, k.processors());
            if (!Alg.isZero(unused) && !Alg.isZero(k.time())) {
                idle.add(Alg.mul(unused, k.time()));
            }
        }
        Map<Category, Expr> cats = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            cats.put(c, Alg.sum(sums.getOrDefault(c, List.of())));
        }
        return new Sequence(cats, Alg.sum(times), Alg.sum(idle));
    }

    /** Serial nodes and serial loops: sums, IP+ for idle processors, trip counts. */
    private NodeModel serial(Node n, Env env, int[] path) {
        Expr p = env.width();
        List<NodeModel> kids = children(n, env, path);
        Sequence seq = sequence(kids, p);
        Map<Category, Expr> cats = new EnumMap<>(seq.categories());
        Expr time = seq.time();
        if (!Alg.isZero(seq.idle())) {
            cats.put(Category.IP, Alg.add(cats.get(Category.IP), seq.idle()));
            rules.add(() -> new AppliedRule(n.name(), n.at(), "IP+ = sum of (p - p_i) T_i: processors idle while a child "
                    + "runs on fewer (serial code on one processor, a smaller team)", Optional.of(seq.idle())));
        }
        NodeModel body = charges.apply(n, path, new NodeModel(cats, time, p), rules);
        if (n.kind() == NodeKind.SERIAL) {
            if (kids.size() > 1) {
                rules.add(() -> new AppliedRule(n.name(), n.at(), "serial node: categories and times sum",
                        Optional.of(body.time())));
            }
            return body;
        }
        Expr trips = tripCount(n, env);
        Map<Category, Expr> repeated = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            repeated.put(c, Alg.mul(trips, body.category(c)));
        }
        Expr loopTime = Alg.mul(trips, body.time());
        // a branch under probability: P is built as a repetition P times per pass (docs/composition.md, "Branches")
        rules.add(() -> new AppliedRule(n.name(), n.at(), n.branch() == Branch.WEIGHTED
                ? "branch with probability " + trips.text() + ": its body times " + trips.text()
                : "serial loop: " + trips.text() + " times its body", Optional.of(loopTime)));
        return new NodeModel(repeated, loopTime, p);
    }

    /**
     * An if/else (or case) without {@code probability:} whose branches hold fragments: one branch
     * runs, lcm cannot tell which, so it counts the costlier: T = max of the branches' times, and
     * the categories of the branch that attains the max at each point (the first of equal ones).
     * A branch on fewer processors than the node leaves the others idle (IP+), as in a sequence.
     */
    private NodeModel costlierBranch(Node n, Env env, int[] path) {
        Expr p = env.width();
        List<NodeModel> kids = new ArrayList<>();
        for (NodeModel k : children(n, env, path)) {
            Sequence one = sequence(List.of(k), p);
            Map<Category, Expr> cats = new EnumMap<>(one.categories());
            cats.put(Category.IP, Alg.add(cats.get(Category.IP), one.idle()));
            kids.add(new NodeModel(cats, one.time(), p));
        }
        List<Expr> times = kids.stream().map(NodeModel::time).toList();
        for (int i = 0; i < kids.size(); i++) {
            int a = i;
            boolean dominates = true;
            for (int j = 0; j < kids.size() && dominates; j++) {
                dominates = j == a || MaxReducer.dominates(times.get(a), times.get(j));
            }
            if (dominates) {
                rules.add(() -> new AppliedRule(n.name(), n.at(), "if/else without probability: the costlier branch, "
                        + n.children().get(a).node().name() + " (provably, at every point): T = its time",
                        Optional.of(times.get(a))));
                return charges.apply(n, path, kids.get(a), rules);
            }
        }
        Expr max = maxReducer.max(times);
        Map<Category, List<Expr>> sums = new EnumMap<>(Category.class);
        for (int i = 0; i < kids.size(); i++) {
            // branch i is taken where its time exceeds every earlier one's and is at least every later one's
            List<Expr> taken = new ArrayList<>();
            for (int j = 0; j < kids.size(); j++) {
                if (j < i) {
                    taken.add(greater(Alg.sub(times.get(i), times.get(j))));
                } else if (j > i) {
                    taken.add(Alg.sub(Alg.ONE, greater(Alg.sub(times.get(j), times.get(i)))));
                }
            }
            Expr weight = Alg.product(taken);
            for (Category c : Category.values()) {
                sums.computeIfAbsent(c, x -> new ArrayList<>()).add(Alg.mul(weight, kids.get(i).category(c)));
            }
        }
        Map<Category, Expr> cats = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            cats.put(c, Alg.sum(sums.get(c)));
        }
        rules.add(() -> new AppliedRule(n.name(), n.at(), "if/else without probability: the costlier branch, T = max of "
                + "the branches' times; categories those of the branch taken at each point", Optional.of(max)));
        return charges.apply(n, path, new NodeModel(cats, max, p), rules);
    }

    /** 1 where {@code x > 0}, else 0, exactly, in lcm's functions: min(1, ceil(max(x, 0))). */
    private static Expr greater(Expr x) {
        if (x instanceof Expr.Num num) {
            return num.value().signum() > 0 ? Alg.ONE : Alg.ZERO;
        }
        if (Positivity.nonNegative(Alg.sub(Alg.ZERO, x))) {
            return Alg.ZERO;
        }
        return Expr.call(Fn.MIN, Alg.ONE, Alg.ceil(Alg.max(List.of(x, Alg.ZERO))));
    }

    /** Parallel tasks: sums, LI+ = sum_t p_t (max T - T_t), IP+ for processors no task uses. */
    private NodeModel parallel(Node n, Env env, int[] path) {
        Expr p = env.width();
        List<NodeModel> tasks = contention.charge(n, env, children(n, env, path));
        if (tasks.isEmpty()) {
            return NodeModel.zero(p);
        }
        List<Expr> times = tasks.stream().map(NodeModel::time).toList();
        Expr max = maxReducer.max(times);
        Map<Category, Expr> cats = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            cats.put(c, Alg.sum(tasks.stream().map(t -> t.category(c)).toList()));
        }
        List<Expr> imbalance = new ArrayList<>();
        List<Expr> used = new ArrayList<>();
        for (NodeModel t : tasks) {
            Expr wait = Alg.sub(max, t.time());
            if (!Alg.isZero(wait)) {
                imbalance.add(Alg.mul(t.processors(), wait));
            }
            used.add(t.processors());
        }
        Expr li = Alg.sum(imbalance);
        cats.put(Category.LI, Alg.add(cats.get(Category.LI), li));
        rules.add(() -> new AppliedRule(n.name(), n.at(), "parallel node: T = max of task times", Optional.of(max)));
        rules.add(() -> new AppliedRule(n.name(), n.at(), "LI+ = sum of p_t (max T - T_t)", Optional.of(li)));
        Expr unused = Alg.sub(p, Alg.sum(used));
        if (!Alg.isZero(unused)) {
            Expr ip = Alg.mul(unused, max);
            cats.put(Category.IP, Alg.add(cats.get(Category.IP), ip));
            rules.add(() -> new AppliedRule(n.name(), n.at(), "IP+ = (p - sum of p_t) max T for processors no task uses",
                    Optional.of(ip)));
        }
        return charges.apply(n, path, new NodeModel(cats, max, p), rules);
    }

    /**
     * A parallel loop without a model: N iterations in rounds of p on p processors; the body
     * runs on one processor: T = ceil(N/p) T_body, LI+ = (p ceil(N/p) - N) T_body.
     */
    private NodeModel parallelLoop(Node n, Env env, int[] path) {
        Expr p = env.processors();
        Expr width = env.width();
        // each thread of a time-sliced team runs on width/p of a processor (1 otherwise)
        Expr thread = Alg.div(width, p);
        Sequence seq = sequence(children(n, env, path), thread);
        Expr body = seq.time();
        Expr trips = tripCount(n, env);
        Expr rounds = Alg.ceil(Alg.div(trips, p));
        Map<Category, Expr> cats = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            Expr perIteration = seq.categories().get(c);
            if (c == Category.IP) {
                perIteration = Alg.add(perIteration, seq.idle());
            }
            cats.put(c, Alg.mul(trips, perIteration));
        }
        Expr li = Alg.product(List.of(Alg.sub(Alg.mul(p, rounds), trips), body, thread));
        cats.put(Category.LI, Alg.add(cats.get(Category.LI), li));
        Expr time = Alg.mul(rounds, body);
        rules.add(() -> new AppliedRule(n.name(), n.at(), "parallel loop without a model: " + trips.text()
                + " iterations in rounds of p, T = ceil(N/p) T_body", Optional.of(time)));
        rules.add(() -> new AppliedRule(n.name(), n.at(), "LI+ = (p ceil(N/p) - N) T_body", Optional.of(li)));
        return charges.apply(n, path, new NodeModel(cats, time, width), rules);
    }

    private List<NodeModel> children(Node n, Env env, int[] path) {
        List<NodeModel> out = new ArrayList<>(n.children().size());
        for (int i = 0; i < n.children().size(); i++) {
            Child c = n.children().get(i);
            Env childEnv = VariableRules.childEnv(n, env, c, rules::add, effects::check, dag::onOneProcessor);
            out.add(node(c.node(), childEnv, TreePath.append(path, i)));
        }
        return out;
    }

    /** {@code m} with the data-trace charges of {@code n}'s position. */
    NodeModel charged(Node n, int[] path, NodeModel m) {
        return charges.apply(n, path, m, rules);
    }

    /** A loop's trip count at {@code env}; 1, with an error, where the source gives none. */
    Expr tripCount(Node n, Env env) {
        if (n.trips().isEmpty()) {
            diagnostics.error(n.at(), "loop " + n.name() + " has no trip count lcm can read; add 'iterations: EXPR' before it");
            return Alg.ONE;
        }
        return env.apply(n.trips().get());
    }
}

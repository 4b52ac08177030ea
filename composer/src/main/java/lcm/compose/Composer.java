package lcm.compose;

import lcm.machine.MachineDescription;
import lcm.annotation.DataItem;
import lcm.source.SourceLocation;
import lcm.algebra.Alg;
import lcm.annotation.Annotation;
import lcm.annotation.Category;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.StructureBuilder;
import lcm.expr.Fn;
import lcm.expr.Expr;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.UserError;
import lcm.symbolic.Simplifier;

import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Composes the fragment models of a DAG into a program model (docs/design.md#model-semantics, the thesis'
 * {@code lcm}, section 6.2.2): variable rules top down, then per category bottom up with the
 * structural rules (serial sums with trip counts and IP+, parallel LI+ and IP+, parallel loops
 * in rounds) and the data-trace rules (CL and RC charged at the least upper bound of each
 * transfer that the structure under study adds or removes compared to the measured one).
 */
public final class Composer {

    private final ComposeOptions options;
    private final Diagnostics diagnostics = new Diagnostics();
    private final List<AppliedRule> steps = new ArrayList<>();
    private final boolean recordRules;
    private final List<String> warnings = new ArrayList<>();
    private final Map<String, List<Charge>> charges = new HashMap<>();
    private final Map<MemoKey, NodeModel> memo = new HashMap<>();
    private final Set<Node> unmodelledWarned = Collections.newSetFromMap(new IdentityHashMap<>());
    private final MaxReducer maxReducer;
    private final List<Visit> visits = new ArrayList<>();
    private final List<SyncNode> syncNodes = new ArrayList<>();
    private final Map<Node, Boolean> hasSync = new IdentityHashMap<>();
    private final Map<String, Integer> syncNames = new HashMap<>();
    private final List<PointCheck> checks = new ArrayList<>();
    private final Set<String> extrapolationChecked = new HashSet<>();
    private final Set<String> unmodelled = new LinkedHashSet<>();
    private SerialCode serialCode;
    private Set<Node> shared = Set.of();
    private Set<String> chargedPaths = Set.of();
    private int underSync;

    /** One node composed in one environment (for checks such as conservation). */
    public record Visit(Node node, Env env, NodeModel model) {
    }

    /** CL and RC a transfer adds to (or removes from) its LUB node, per execution of the LUB. */
    private record Charge(Expr cl, Expr rc, Transfer transfer) {
    }

    private record MemoKey(Node node, Env env) {
    }

    public Composer(ComposeOptions options) {
        this.options = options;
        this.maxReducer = new MaxReducer();
        this.recordRules = options.rules();
    }

    /** Composes {@code dag}; {@code measured} is the structure the models were measured in (default: itself). */
    public ComposedModel compose(Dag dag, Optional<Dag> measured) {
        serialCode = new SerialCode(dag);
        List<Transfer> transfers = transfers(dag, measured);
        shared = sharedNodes(dag);
        chargedPaths = chargedPaths();
        NodeModel root = isSerial(dag.root()) ? serialRoot(dag.root()) : node(dag.root(), Env.ROOT, new int[0]);
        List<Node> fragments = dag.fragments();
        if (!fragments.isEmpty() && fragments.stream().noneMatch(Node::hasModel)) {
            diagnostics.error(dag.root().at(), "no fragment of this program has a model (" + fragments.size()
                    + " fragment" + (fragments.size() == 1 ? "" : "s") + "): add 'model:' annotations, "
                    + "or write them with lcm annotate");
        } else if (fragments.isEmpty()) {
            diagnostics.error(dag.root().at(), "this program has no fragments with models, so there is nothing to "
                    + "compose: mark fragments with 'model:' annotations (docs/annotations.md)");
        }
        UserError.throwIfErrors(diagnostics);
        if (!unmodelled.isEmpty()) {
            warnings.add(unmodelled.size() + " fragment" + (unmodelled.size() == 1 ? " has" : "s have")
                    + " no model and count" + (unmodelled.size() == 1 ? "s" : "") + " as 0: "
                    + String.join(", ", unmodelled));
        }

        List<Expr> results = new ArrayList<>(root.categories().values());
        results.add(root.time());
        for (SyncNode sn : syncNodes) {
            for (SyncTemplate.Task t : sn.tasks()) {
                results.add(t.processors());
                collectTemplateExpressions(t.body(), results);
            }
        }
        Set<String> vars = new LinkedHashSet<>(Expr.variables(results));
        vars.add(Env.PROCESSORS); // always a variable of the program, even where no model uses it
        for (SyncNode sn : syncNodes) {
            vars.removeAll(List.of(sn.time(), sn.sl(), sn.li(), sn.ip()));
        }
        List<String> variables = orderVariables(vars);
        Expr time = root.time();
        Map<Category, Expr> categories = new EnumMap<>(root.categories());
        if (options.simplify()) {
            Simplifier s = new Simplifier(variables, options.simplifyLimit());
            List<Expr> all = new ArrayList<>();
            all.add(time);
            for (Category c : Category.values()) {
                all.add(categories.get(c));
            }
            List<Expr> simple = s.simplifyAll(all);
            time = simple.get(0);
            for (Category c : Category.values()) {
                categories.put(c, simple.get(1 + c.ordinal()));
            }
        }
        return new ComposedModel(variables, time, categories, transfers, steps, warnings, Map.of(), syncNodes, checks);
    }

    /** A program that is one serial fragment: it runs on one processor, the other p - 1 idle. */
    private NodeModel serialRoot(Node root) {
        rule(() -> new AppliedRule(root.name(), root.at(), "serial code (no parallel construct inside): runs on one processor, "
                + "its model at p = 1", Optional.of(Alg.ONE)));
        NodeModel one = node(root, Env.ROOT.with(Env.PROCESSORS, Alg.ONE), new int[0]);
        Expr p = new Expr.Var(Env.PROCESSORS);
        Expr idle = Alg.mul(Alg.sub(p, Alg.ONE), one.time());
        Map<Category, Expr> cats = new EnumMap<>(one.categories());
        cats.put(Category.IP, Alg.add(cats.get(Category.IP), idle));
        rule(() -> new AppliedRule(root.name(), root.at(), "IP+ = (p - 1) T: the processors idle while serial code runs",
                Optional.of(idle)));
        return new NodeModel(cats, one.time(), p);
    }

    /** Every node composed so far, with its variables and model (kept only when the options keep rules). */
    public List<Visit> visits() {
        return List.copyOf(visits);
    }

    /** n and p first (the thesis' T_P(n, p)), then the rest alphabetically. */
    static List<String> orderVariables(Set<String> vars) {
        List<String> out = new ArrayList<>();
        for (String first : new String[] {"n", "p"}) {
            if (vars.contains(first)) {
                out.add(first);
            }
        }
        for (String v : new TreeSet<>(vars)) {
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }

    /** Records a rule applied, built only when the options keep rules (its text costs time and memory). */
    private void rule(java.util.function.Supplier<AppliedRule> applied) {
        if (recordRules) {
            steps.add(applied.get());
        }
    }


    // ------------------------------------------------------------------ structure

    private NodeModel node(Node n, Env env, int[] path) {
        boolean charged = !chargedPaths.isEmpty() && chargedPaths.contains(pathKey(path));
        // only a node reached through several edges can be met again: the others' models are
        // garbage once their parent is composed (10^5 fragments kept 240 MiB of them alive)
        boolean memoized = !charged && (underSync > 0 || shared.contains(n));
        MemoKey mk = memoized ? new MemoKey(n, env) : null;
        if (memoized) {
            NodeModel known = memo.get(mk);
            if (known != null) {
                rule(() -> new AppliedRule(n.name(), n.at(), "shared node: its composed model is reused", Optional.of(known.time())));
                return known;
            }
        }
        NodeModel m;
        try {
            m = switch (n.kind()) {
                case FRAGMENT -> fragment(n, env);
                case LEAF -> NodeModel.zero(env.width());
                case SERIAL, LOOP -> serial(n, env, path);
                case PARALLEL -> parallel(n, env, path);
                case PARALLEL_LOOP -> parallelLoop(n, env, path);
            };
        } catch (UserError e) {
            throw located(e, n);
        }
        if (memoized) {
            memo.put(mk, m);
        }
        if (recordRules) {
            visits.add(new Visit(n, env, m));
        }
        return m;
    }

    /**
     * An error the algebra raises without a place (a division by an expression that is zero,
     * e.g. n/(1-1) or a vars: binding that zeroes a divisor) gets the place of the innermost node
     * composed: a fragment's model line, else the construct.
     */
    private static UserError located(UserError e, Node n) {
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

    /** The tree positions at or above a position where a transfer is charged (their models differ per position). */
    private Set<String> chargedPaths() {
        Set<String> out = new HashSet<>();
        for (String key : charges.keySet()) {
            out.add(key);
            for (int i = key.lastIndexOf('/'); i >= 0; i = key.lastIndexOf('/', i - 1)) {
                out.add(key.substring(0, i));
                if (i == 0) {
                    break;
                }
            }
        }
        return out;
    }

    private NodeModel fragment(Node n, Env env) {
        Expr p = env.processors();
        Expr width = env.width();
        Map<Category, Expr> cats = new EnumMap<>(Category.class);
        if (n.model().isEmpty() && unmodelledWarned.add(n)) {
            unmodelled.add(n.name() + " (" + n.at() + ")");
        }
        boolean replicated = serialCode != null && serialCode.isReplicated(n);
        Env modelEnv = replicated ? env.with(Env.PROCESSORS, Alg.ONE) : env;
        for (Map.Entry<Category, Expr> e : n.model().entrySet()) {
            // replicated code: one execution (the model at p = 1) on every processor of the team
            Expr applied = modelEnv.apply(Alg.normalize(e.getValue()));
            Expr value = replicated ? Alg.mul(width, applied) : applied;
            cats.put(e.getKey(), value);
            rule(() -> new AppliedRule(n.name(), n.modelAt().orElse(n.at()), "fragment model " + e.getKey().key()
                    + " = " + e.getValue().text() + " at p = " + p.text(), Optional.of(value)));
        }
        n.fittedOn().ifPresent(f -> extrapolation(n, f, modelEnv));
        NodeModel m = new NodeModel(cats, Alg.ZERO, width);
        Expr time = Alg.div(m.total(), width);
        if (replicated) {
            rule(() -> new AppliedRule(n.name(), n.at(), "replicated code in a team region: every thread runs it once; "
                    + "its model at p = 1 times the team's processors", Optional.of(width)));
        }
        rule(() -> new AppliedRule(n.name(), n.at(), width.equals(p) ? "fragment time T = (sum of categories)/p"
                : "fragment time T = (sum of categories)/width, width " + width.text() + " (a time-sliced team)",
                Optional.of(time)));
        return new NodeModel(cats, time, width);
    }

    /**
     * A check per variable of a fragment's {@code fitted-on:} ranges: the value its model is
     * evaluated at (for p the fragment's width) more than 2x the largest value fitted is an
     * extrapolation, said at every point where it happens (docs/composition.md).
     */
    private void extrapolation(Node n, Annotation.FittedOn fitted, Env env) {
        for (Annotation.Range r : fitted.variables()) {
            double largest = r.high();
            if (!(largest > 0) || !extrapolationChecked.add(n.name() + "\u0000" + r.name() + "\u0000" + env.hashCode())) {
                continue;
            }
            String name = r.name();
            Expr at = env.apply(new Expr.Var(name));
            checks.add(PointCheck.extrapolation(at, 2 * largest, n.modelAt().orElse(n.at()),
                    (v, where) -> n.name() + ": extrapolated: " + name + " = " + PointWarnings.number(v) + " is "
                            + PointWarnings.ratio(v / largest) + "x the largest measured " + name + " ("
                            + PointWarnings.number(largest) + "), at " + where));
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
        if (n.kind() == NodeKind.SERIAL && n.name().contains(StructureBuilder.COSTLIER_BRANCH)) {
            return costlierBranch(n, env, path);
        }
        Expr p = env.width();
        List<NodeModel> kids = children(n, env, path);
        Sequence seq = sequence(kids, p);
        Map<Category, Expr> cats = new EnumMap<>(seq.categories());
        Expr time = seq.time();
        if (!Alg.isZero(seq.idle())) {
            cats.put(Category.IP, Alg.add(cats.get(Category.IP), seq.idle()));
            rule(() -> new AppliedRule(n.name(), n.at(), "IP+ = sum of (p - p_i) T_i: processors idle while a child runs "
                    + "on fewer (serial code on one processor, a smaller team)", Optional.of(seq.idle())));
        }
        NodeModel body = charge(n, path, new NodeModel(cats, time, p));
        if (n.kind() == NodeKind.SERIAL) {
            if (kids.size() > 1) {
                rule(() -> new AppliedRule(n.name(), n.at(), "serial node: categories and times sum", Optional.of(body.time())));
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
        rule(() -> new AppliedRule(n.name(), n.at(), n.name().contains("(branch, probability ")
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
                rule(() -> new AppliedRule(n.name(), n.at(), "if/else without probability: the costlier branch, "
                        + n.children().get(a).node().name() + " (provably, at every point): T = its time",
                        Optional.of(times.get(a))));
                return charge(n, path, kids.get(a));
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
        rule(() -> new AppliedRule(n.name(), n.at(), "if/else without probability: the costlier branch, T = max of the "
                + "branches' times; categories those of the branch taken at each point", Optional.of(max)));
        return charge(n, path, new NodeModel(cats, max, p));
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
        if (containsSync(n)) {
            return synchronizedParallel(n, env, path);
        }
        Expr p = env.width();
        List<NodeModel> tasks = children(n, env, path);
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
        rule(() -> new AppliedRule(n.name(), n.at(), "parallel node: T = max of task times", Optional.of(max)));
        rule(() -> new AppliedRule(n.name(), n.at(), "LI+ = sum of p_t (max T - T_t)", Optional.of(li)));
        Expr unused = Alg.sub(p, Alg.sum(used));
        if (!Alg.isZero(unused)) {
            Expr ip = Alg.mul(unused, max);
            cats.put(Category.IP, Alg.add(cats.get(Category.IP), ip));
            rule(() -> new AppliedRule(n.name(), n.at(), "IP+ = (p - sum of p_t) max T for processors no task uses",
                    Optional.of(ip)));
        }
        return charge(n, path, new NodeModel(cats, max, p));
    }

    /**
     * Parallel tasks that synchronize (docs/composition.md#5-synchronization): no closed form. The node's time and the SL
     * and LI its synchronization causes are variables that the critical path gives a value at
     * each evaluated point ({@link SyncNode}); the tasks' own lost cycles compose as usual.
     */
    private NodeModel synchronizedParallel(Node n, Env env, int[] path) {
        Expr p = env.width();
        String id = n.name().replaceAll("[^A-Za-z0-9_]", "_");
        int k = syncNames.merge(id, 1, Integer::sum);
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
        underSync++;
        for (int i = 0; i < n.children().size(); i++) {
            Child c = n.children().get(i);
            Env childEnv = VariableRules.childEnv(n, env, c, this::rule, checks::add, this::isSerial);
            int[] childPath = append(path, i);
            NodeModel m = node(c.node(), childEnv, childPath);
            for (Category cat : Category.values()) {
                sums.computeIfAbsent(cat, x -> new ArrayList<>()).add(m.category(cat));
            }
            used.add(m.processors());
            tasks.add(new SyncTemplate.Task(c.node().name(), m.processors(), m.time(),
                    template(c.node(), childEnv, childPath)));
        }
        underSync--;
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
        syncNodes.add(new SyncNode(n.name(), n.at(), cp.text(), sl.text(), li.text(), waitIp.text(), tasks));
        rule(() -> new AppliedRule(n.name(), n.at(), "parallel node whose tasks synchronize: no closed form; T = "
                + cp.text() + ", the critical path at each point; a wait costs SL on the task's main processor and "
                + "IP on its other p_t - 1, a task's idle end LI", Optional.of(cp)));
        return charge(n, path, new NodeModel(cats, cp, p));
    }

    /** What a task does, in order, with loops kept as loops (unrolled per point). */
    private List<SyncTemplate> template(Node x, Env env, int[] path) {
        if (!containsSync(x)) {
            NodeModel m = node(x, env, path);
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
                    Env childEnv = VariableRules.childEnv(x, env, c, s -> { }, k -> { }, this::isSerial);
                    body.addAll(template(c.node(), childEnv, append(path, i)));
                }
                if (x.kind() == NodeKind.SERIAL) {
                    return body;
                }
                return List.of(new SyncTemplate.Repeat(tripCount(x, env), x.loopVariable(), body));
            }
            default -> {
                diagnostics.error(firstSync(x).orElse(x.at()), "synchronization inside a nested "
                        + x.kind().json() + " node (" + x.name() + ") is not supported: put sync: events in the "
                        + "tasks of one parallel node");
                return List.of();
            }
        }
    }

    private boolean containsSync(Node n) {
        Boolean known = hasSync.get(n);
        if (known != null) {
            return known;
        }
        boolean found = n.sync().isPresent();
        for (Child c : n.children()) {
            found |= containsSync(c.node());
        }
        hasSync.put(n, found);
        return found;
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

    /** The expressions of a task template: work lengths and trip counts (their variables count). */
    private static void collectTemplateExpressions(List<SyncTemplate> items, List<Expr> out) {
        for (SyncTemplate t : items) {
            if (t instanceof SyncTemplate.Work w) {
                out.add(w.seconds());
            } else if (t instanceof SyncTemplate.Repeat r) {
                out.add(r.trips());
                collectTemplateExpressions(r.body(), out);
            }
        }
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
        rule(() -> new AppliedRule(n.name(), n.at(), "parallel loop without a model: " + trips.text()
                + " iterations in rounds of p, T = ceil(N/p) T_body", Optional.of(time)));
        rule(() -> new AppliedRule(n.name(), n.at(), "LI+ = (p ceil(N/p) - N) T_body", Optional.of(li)));
        return charge(n, path, new NodeModel(cats, time, width));
    }

    private List<NodeModel> children(Node n, Env env, int[] path) {
        List<NodeModel> out = new ArrayList<>(n.children().size());
        for (int i = 0; i < n.children().size(); i++) {
            Child c = n.children().get(i);
            Env childEnv = VariableRules.childEnv(n, env, c, this::rule, checks::add, this::isSerial);
            out.add(node(c.node(), childEnv, append(path, i)));
        }
        return out;
    }

    private Expr tripCount(Node n, Env env) {
        if (n.trips().isEmpty()) {
            diagnostics.error(n.at(), "loop " + n.name() + " has no trip count lcm can read; add 'iterations: EXPR' before it");
            return Alg.ONE;
        }
        return env.apply(n.trips().get());
    }

    /** Adds the CL and RC of the transfers whose LUB is this tree position. */
    private NodeModel charge(Node n, int[] path, NodeModel m) {
        List<Charge> here = charges.isEmpty() ? null : charges.get(pathKey(path));
        if (here == null || here.isEmpty()) {
            return m;
        }
        Map<Category, Expr> cats = new EnumMap<>(m.categories());
        List<Expr> added = new ArrayList<>();
        for (Charge c : here) {
            cats.put(Category.CL, Alg.add(cats.get(Category.CL), c.cl()));
            cats.put(Category.RC, Alg.add(cats.get(Category.RC), c.rc()));
            added.add(c.cl());
            added.add(c.rc());
            rule(() -> new AppliedRule(n.name(), n.at(), "transfer of " + c.transfer().item() + " from " + c.transfer().from()
                    + " to " + c.transfer().to() + " (" + c.transfer().change().json() + "): CL", Optional.of(c.cl())));
            rule(() -> new AppliedRule(n.name(), n.at(), "transfer of " + c.transfer().item() + " (" + c.transfer().change().json()
                    + "): RC", Optional.of(c.rc())));
        }
        Expr time = Alg.add(m.time(), Alg.div(Alg.sum(added), m.processors()));
        return new NodeModel(cats, time, m.processors());
    }

    // ------------------------------------------------------------------ data traces

    private List<Transfer> transfers(Dag dag, Optional<Dag> measured) {
        DataTrace now = DataTrace.of(dag);
        List<DataTrace.Found> found = now.transfers();
        List<DataTrace.Found> before = measured.map(m -> DataTrace.of(m).transfers()).orElse(found);
        Set<String> beforeKeys = new HashSet<>();
        for (DataTrace.Found f : before) {
            beforeKeys.add(key(f));
        }
        Set<String> nowKeys = new HashSet<>();
        for (DataTrace.Found f : found) {
            nowKeys.add(key(f));
        }
        ItemSizes sizes = new ItemSizes(dag.files(), options.realBytes());
        List<Transfer> out = new ArrayList<>();
        for (DataTrace.Found f : found) {
            Transfer.Change change = beforeKeys.contains(key(f)) ? Transfer.Change.SAME : Transfer.Change.ADDED;
            out.add(price(dag, f.item(), f.kind(), f.from(), f.to(), f.lubDepth(), change, sizes));
        }
        for (DataTrace.Found f : before) {
            if (nowKeys.contains(key(f))) {
                continue;
            }
            Optional<DataTrace.Position> from = now.find(f.from().name(), f.from().occurrence());
            Optional<DataTrace.Position> to = now.find(f.to().name(), f.to().occurrence());
            if (from.isEmpty() || to.isEmpty()) {
                String missing = from.isEmpty() ? f.from().name() : f.to().name();
                diagnostics.error(dag.root().at(), "the measured structure's fragment '" + missing
                        + "' is not in this program (its transfer of " + f.item() + " cannot be removed)");
                continue;
            }
            int lub = DataTrace.lubDepth(from.get(), to.get());
            out.add(price(dag, f.item(), f.kind(), from.get(), to.get(), lub, Transfer.Change.REMOVED, sizes));
        }
        if (!out.isEmpty() && options.machine().isEmpty()
                && out.stream().anyMatch(t -> t.change() != Transfer.Change.SAME)) {
            warnings.add("no machine file: data transfers are listed but add nothing (use --machine)");
        }
        return out;
    }

    private static String key(DataTrace.Found f) {
        return f.item().text() + "|" + f.from().name() + "|" + f.to().name();
    }

    /** The transfer's size, multiplicity, readers and (with a machine) its signed CL and RC at the LUB. */
    private Transfer price(Dag dag, DataItem item, Transfer.Kind kind, DataTrace.Position from,
                           DataTrace.Position to, int lubDepth, Transfer.Change change, ItemSizes sizes) {
        Node lub = to.nodes().get(lubDepth);
        Env lubEnv = envAt(dag, to, lubDepth);
        List<Expr> trips = new ArrayList<>();
        for (int d = lubDepth + 1; d < to.nodes().size() - 1; d++) {
            Node between = to.nodes().get(d);
            if ((between.kind() == NodeKind.LOOP || between.kind() == NodeKind.PARALLEL_LOOP)
                    && between.trips().isPresent()) {
                try {
                    trips.add(envAt(dag, to, d).apply(between.trips().get()));
                } catch (UserError e) {
                    throw located(e, between);
                }
            }
        }
        Expr multiplicity = Alg.product(trips);
        Optional<Expr> bytes = sizes.bytes(item, to.use()).map(b -> envAt(dag, to, to.depth()).apply(b));
        Expr readers = envAt(dag, to, to.depth()).processors();
        Optional<Expr> cl = Optional.empty();
        Optional<Expr> rc = Optional.empty();
        if (options.machine().isPresent() && change != Transfer.Change.SAME) {
            if (bytes.isEmpty()) {
                diagnostics.error(to.use().at(), "size of " + item + " unknown: declare it or add 'size: " + item
                        + " = EXPR' (bytes)");
            } else {
                MachineDescription m = options.machine().get();
                Expr sign = change == Transfer.Change.REMOVED ? Expr.num(-1) : Alg.ONE;
                cl = Optional.of(Alg.product(List.of(sign, multiplicity, m.communicationLoss(bytes.get()))));
                rc = Optional.of(Alg.product(List.of(sign, multiplicity, m.resourceContention(readers, bytes.get()))));
            }
        }
        Transfer t = new Transfer(item, from.name(), to.name(), lub.name(), kind, change, multiplicity, bytes,
                Optional.of(readers), cl, rc);
        if (cl.isPresent()) {
            charges.computeIfAbsent(pathKey(Arrays.copyOf(to.path(), lubDepth)), k -> new ArrayList<>())
                    .add(new Charge(cl.get(), rc.get(), t));
        }
        return t;
    }

    /** The variables at depth {@code depth} of a position's path (the variable rules applied along it). */
    private Env envAt(Dag dag, DataTrace.Position pos, int depth) {
        Env env = Env.ROOT;
        Node n = dag.root();
        for (int d = 0; d < depth; d++) {
            Child c = n.children().get(pos.path()[d]);
            env = VariableRules.childEnv(n, env, c, s -> { }, k -> { }, this::isSerial);
            n = c.node();
        }
        return env;
    }

    /** Serial code that runs on one processor (replicated code runs on every thread of its team instead). */
    private boolean isSerial(Node n) {
        return serialCode != null && serialCode.onOneProcessor(n);
    }

    private static int[] append(int[] path, int i) {
        int[] p = Arrays.copyOf(path, path.length + 1);
        p[path.length] = i;
        return p;
    }

    private static String pathKey(int[] path) {
        StringBuilder b = new StringBuilder();
        for (int i : path) {
            b.append('/').append(i);
        }
        return b.toString();
    }
}

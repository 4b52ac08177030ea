package lcm.frontend;

import lcm.expr.NumberText;
import lcm.annotation.Annotation;
import lcm.dag.Branch;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Execution;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Scheduling;
import lcm.dag.Use;
import lcm.expr.Expr;
import lcm.expr.Processors;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceSpan;
import lcm.structure.Attached;
import lcm.structure.Construct;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;
import lcm.structure.RoutineIndex;

import java.nio.file.Path;
import java.util.Collections;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds the parallel-structure DAG (docs/design.md#stages-and-what-flows-between-them) from the routines of all files on the command
 * line. Calls of routines defined in those files make the callee's subtree a child; two
 * calls of one callee share one node. Statements with no structure of interest are merged
 * into leaves (contiguous source spans). A recursive call is a leaf, the call whose cost lcm
 * cannot expand, with a warning that names the chain ({@link Recursion}).
 */
public final class StructureBuilder {

    private final Diagnostics diagnostics;
    private final Map<String, Routine> routines = new LinkedHashMap<>();
    /** {@link #routines} and the {@code Class.method} names of Java methods ({@link RoutineIndex}). */
    private Map<String, Routine> lookup = Map.of();
    private final Map<String, Node> built = new HashMap<>();
    private final Set<Node> routineNodes = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Deque<String> inProgress = new ArrayDeque<>();
    /** Recursions warned about: one warning per cycle, at its first closing call. */
    private final Set<String> warnedCycles = new HashSet<>();
    private final Map<String, Integer> names = new HashMap<>();
    /** The execution model of each parallel construct whose runtime names one ({@link ExecutionModels}). */
    private final Map<Node, Scheduling> schedules = new IdentityHashMap<>();
    private SerialCode serialCode;
    private FragmentTeam teams;
    private CallArguments callArguments;

    private StructureBuilder(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /**
     * How deep calls and blocks may nest (each call of a routine of the program, each loop,
     * section, region or block one level): a fixed limit, so the same program is accepted or
     * refused on every run whatever the thread's stack (docs/reliability.md).
     */
    public static final int MAX_DEPTH = 10_000;

    /** Thrown where the structure nests deeper than {@link #MAX_DEPTH}; caught by {@link #build}. */
    private static final class TooDeep extends RuntimeException {
        private final SourceLocation at;

        TooDeep(SourceLocation at) {
            super(null, null, false, false);
            this.at = at;
        }
    }

    private int depth;

    /** The DAG of the program formed by {@code files}. Problems go to {@code diagnostics}. */
    public static Dag build(List<ParsedFile> files, Diagnostics diagnostics) {
        StructureBuilder b = new StructureBuilder(diagnostics);
        SourceLocation at;
        String message;
        try {
            Node root = b.root(files);
            Dag dag = new Dag(root, b.serialCode.implicit(root), b.schedules);
            MisplacedAnnotations.fileLevel(files, diagnostics);
            UnusedBindings.check(root, b.variablesUsed, diagnostics);
            return dag;
        } catch (TooDeep tooDeep) {
            at = tooDeep.at;
            message = tooDeep();
        } catch (StackOverflowError tooDeep) {
            // a caller's thread with a small stack: the command line runs builds on a deep one
            at = new SourceLocation(files.isEmpty() ? Path.of("<none>") : files.get(0).path(), 1, 1);
            message = "program structure too deep for this thread's stack (" + b.depth + " levels reached; "
                    + "lcm allows " + NumberText.count(MAX_DEPTH) + ")";
        }
        diagnostics.error(at, message);
        return new Dag(new Node(NodeKind.LEAF, "(too deep)", SourceSpan.of(at), Optional.empty(), List.of(), Map.of(),
                Optional.empty(), Optional.empty(), "", ""));
    }

    /** The message for a structure deeper than the limit. */
    static String tooDeep() {
        return "program structure too deep: calls and blocks nested more than " + NumberText.count(MAX_DEPTH)
                + " levels (lcm's limit)";
    }

    private Node root(List<ParsedFile> files) {
        routines.putAll(ProgramRoutines.defined(files, diagnostics));
        lookup = RoutineIndex.of(routines.values());
        serialCode = new SerialCode(routines, lookup);
        teams = new FragmentTeam(lookup, diagnostics);
        callArguments = new CallArguments(routines, lookup, variablesUsed, diagnostics);
        MisplacedAnnotations misplaced = new MisplacedAnnotations(diagnostics);
        for (Routine r : routines.values()) {
            misplaced.check(r);
        }
        List<Routine> roots = ProgramRoutines.roots(routines, lookup, diagnostics);
        if (roots.size() == 1) {
            return routineNode(roots.get(0).name(), roots.get(0).span().start());
        }
        SourceLocation at = files.isEmpty() ? new SourceLocation(Path.of("<none>"), 1, 1)
                : new SourceLocation(files.get(0).path(), 1, 1);
        List<Child> children = new ArrayList<>();
        for (Routine r : roots) {
            children.add(new Child(routineNode(r.name(), r.span().start()), Use.plain(r.span().start())));
        }
        return new Node(NodeKind.SERIAL, unique("(program)"), SourceSpan.of(at), Optional.empty(), children, Map.of(),
                Optional.empty(), Optional.empty(), "", "");
    }

    /** The node of a routine, built once and shared by every call. */
    private Node routineNode(String name, SourceLocation calledAt) {
        Node done = built.get(name);
        if (done != null) {
            return done;
        }
        if (inProgress.contains(name)) {
            List<String> chain = new ArrayList<>(inProgress);
            Collections.reverse(chain);
            int from = chain.indexOf(name);
            List<String> cycle = new ArrayList<>(chain.subList(from, chain.size()));
            cycle.add(name);
            if (warnedCycles.add(String.join(" -> ", cycle))) {
                diagnostics.warning(calledAt, Recursion.warning(cycle, lookup));
            }
            return new Node(NodeKind.LEAF, unique(name + " (recursive)"), SourceSpan.of(calledAt), Optional.empty(),
                    List.of(), Map.of(), Optional.empty(), Optional.empty(), name, "");
        }
        Routine r = routines.get(name);
        inProgress.push(name);
        try {
            Node node;
            if (r.attached().hasModel()) {
                node = fragment(r.name(), r.span(), r.attached(), r.name(), Optional.empty(), "");
            } else {
                RoutineScope scope = new RoutineScope(r.name(), r.declarations(), ConstructFacts.fragmentCount(r.body()));
                List<Child> children = children(r.body(), scope);
                if (children.size() == 1 && children.get(0).use().isPlain()
                        && children.get(0).node().kind() != NodeKind.LEAF
                        && !routineNodes.contains(children.get(0).node())) {
                    Node only = children.get(0).node();
                    // the routine's only node takes the routine's name, unless the source named it
                    // (a fragment NAME block keeps NAME: docs/design.md#stages-and-what-flows-between-them)
                    node = only.name().startsWith(r.name() + ":") ? renamed(only, r.name()) : only;
                } else {
                    node = new Node(NodeKind.SERIAL, unique(r.name()), r.span(), Optional.empty(), children, Map.of(),
                            Optional.empty(), Optional.empty(), r.name(), "");
                }
            }
            built.put(name, node);
            routineNodes.add(node);
            return node;
        } finally {
            inProgress.pop();
        }
    }

    private List<Child> children(List<Construct> body, RoutineScope scope) {
        List<Child> out = new ArrayList<>();
        List<Construct> run = new ArrayList<>();
        for (Construct c : body) {
            if (!ConstructFacts.isStructural(c, lookup)) {
                if (!(c instanceof Construct.Barrier)) {
                    if (!run.isEmpty() && !run.get(0).span().file().equals(c.span().file())) {
                        flushLeaf(run, scope, out); // a leaf is a span of one file: an include starts a new one
                    }
                    run.add(c);
                }
                continue;
            }
            flushLeaf(run, scope, out);
            Child child = child(c, scope);
            if (child != null) {
                out.add(child);
            }
        }
        flushLeaf(run, scope, out);
        return out;
    }

    private void flushLeaf(List<Construct> run, RoutineScope scope, List<Child> out) {
        if (run.isEmpty()) {
            return;
        }
        SourceSpan first = run.get(0).span();
        int last = run.stream().mapToInt(c -> c.span().endLine()).max().orElse(first.endLine());
        SourceSpan span = new SourceSpan(first.start(), Math.max(first.line(), last));
        Node leaf = new Node(NodeKind.LEAF, unique(scope.routine() + ":" + first.line()), span, Optional.empty(),
                List.of(), Map.of(), Optional.empty(), Optional.empty(), scope.routine(), "");
        out.add(new Child(leaf, Use.plain(first.start())));
        run.clear();
    }

    private Child child(Construct c, RoutineScope scope) {
        if (depth >= MAX_DEPTH) {
            throw new TooDeep(c.span().start());
        }
        depth++;
        try {
            return nested(c, scope);
        } finally {
            depth--;
        }
    }

    private Child nested(Construct c, RoutineScope scope) {
        Use use = use(c, scope);
        if (c.attached().hasModel() || c instanceof Construct.FragmentBlock) {
            String name = fragmentName(c, scope);
            // a modelled parallel loop or region keeps its team (num_threads), a fragment around code the team of its code
            Optional<Expr> team = teams.of(c, name);
            Use fragmentUse = team.isEmpty() ? use
                    : use(c.span(), c.attached(), List.of(new Annotation.Binding(Processors.NAME, team.get())), scope);
            return new Child(fragment(name, c.span(), c.attached(), scope.routine(), ConstructFacts.loopTrips(c), ConstructFacts.loopVariable(c)),
                    fragmentUse);
        }
        String name = scope.routine() + ":" + c.span().line();
        if (c instanceof Construct.Call call) {
            if (lookup.containsKey(call.callee())) {
                if (call.callee().startsWith(RoutineIndex.BY_NAME)) {
                    diagnostics.warning(call.span().start(), "lcm cannot tell the type of this call's receiver: '"
                            + call.callee().substring(RoutineIndex.BY_NAME.length()) + "(...)' is taken for the routine '"
                            + lookup.get(call.callee()).name() + "' by its name");
                }
                Routine routine = lookup.get(call.callee());
                Node callee = routineNode(routine.name(), call.span().start());
                Optional<Expr> team = routine.attached().hasModel() ? teams.of(routine) : Optional.empty();
                Use called = team.isEmpty() ? use
                        : use(c.span(), c.attached(), List.of(new Annotation.Binding(Processors.NAME, team.get())), scope);
                return new Child(callee, callArguments.bind(call, callee, called));
            }
            return new Child(leaf(c, scope), use);
        }
        if (c instanceof Construct.Simple) {
            return new Child(leaf(c, scope), use);
        }
        if (c instanceof Construct.Loop loop) {
            Optional<Expr> trips = loop.attached().iterations().map(Annotation.Iterations::count).or(loop::trips);
            if (trips.isEmpty()) {
                unknownTrips(c.span(), loop.boundsText());
            }
            return new Child(node(NodeKind.LOOP, name, c, trips, children(loop.body(), scope), scope), use);
        }
        if (c instanceof Construct.ParallelLoop loop) {
            String task = loop.clauses().get("recursive task");
            Optional<Expr> trips = loop.attached().iterations().map(Annotation.Iterations::count)
                    .or(() -> task == null && !loop.clauses().containsKey("depth") ? Optional.empty()
                            : loop.attached().recursion().map(r -> Expr.pow(Expr.num(2), r.depth())))
                    .or(loop::trips);
            if (trips.isEmpty() && task != null) {
                diagnostics.warning(c.span().start(), "recursive fork/join task '" + task + "': lcm cannot read how"
                        + " deep it splits (a guard 'size <= THRESHOLD' over fields set by its constructor); give"
                        + " 'recursion: DEPTH' (2^DEPTH leaf tasks) or 'iterations: LEAVES' (the number of leaf"
                        + " tasks) before this statement");
            } else if (trips.isEmpty()) {
                unknownTrips(c.span(), loop.boundsText());
            }
            // num_threads on a combined parallel do sets its team, as on a parallel region
            List<Annotation.Binding> team = loop.threads().map(t -> List.of(new Annotation.Binding(Processors.NAME, t)))
                    .orElse(List.of());
            Node parallelLoop = node(NodeKind.PARALLEL_LOOP, name, c, trips, children(loop.body(), scope), scope);
            ExecutionModels.of(c).ifPresent(s -> schedules.put(parallelLoop, s));
            return new Child(parallelLoop, team.isEmpty() ? use : use(c.span(), c.attached(), team, scope));
        }
        if (c instanceof Construct.Sections sections) {
            String parallelName = unique(name); // before the tasks, which may start on the same line
            List<Child> tasks = new ArrayList<>();
            for (Construct.Section s : sections.sections()) {
                Node task = new Node(NodeKind.SERIAL, unique(scope.routine() + ":" + s.span().line()), s.span(),
                        Optional.empty(), children(s.body(), scope), Map.of(), Optional.empty(), Optional.empty(),
                        scope.routine(), "");
                tasks.add(new Child(task, use(s.span(), s.attached(), List.of(), scope)));
            }
            // tasks run by a pool of k threads: the team of k, as num_threads on a region
            List<Annotation.Binding> team = sections.threads().map(t -> List.of(new Annotation.Binding(Processors.NAME, t)))
                    .orElse(List.of());
            Node parallel = new Node(NodeKind.PARALLEL, parallelName, c.span(), Optional.empty(), tasks, Map.of(),
                    Optional.empty(), Optional.empty(), scope.routine(), "");
            ExecutionModels.of(c).ifPresent(s -> schedules.put(parallel, s));
            return new Child(parallel, team.isEmpty() ? use : use(c.span(), c.attached(), team, scope));
        }
        if (c instanceof Construct.Region region) {
            List<Annotation.Binding> implied = region.threads().map(t -> List.of(new Annotation.Binding(Processors.NAME, t)))
                    .orElse(List.of());
            return new Child(node(NodeKind.SERIAL, name, c, Optional.empty(), children(region.body(), scope), scope),
                    use(c.span(), c.attached(), implied, scope));
        }
        if (c instanceof Construct.OneProcessor one) {
            List<Annotation.Binding> implied = List.of(new Annotation.Binding(Processors.NAME, Expr.num(1)));
            return new Child(node(NodeKind.SERIAL, name, c, Optional.empty(), children(one.body(), scope), scope),
                    use(c.span(), c.attached(), implied, scope));
        }
        if (c instanceof Construct.Conditional cond) {
            Optional<List<Expr>> weights = BranchWeights.of(cond, diagnostics);
            int count = cond.branches().size();
            List<Child> branches = new ArrayList<>();
            int withFragments = 0;
            for (int i = 0; i < count; i++) {
                List<Construct> branch = cond.branches().get(i);
                if (branch.isEmpty()) {
                    continue;
                }
                SourceSpan span = new SourceSpan(branch.get(0).span().start(),
                        branch.get(branch.size() - 1).span().endLine());
                List<Child> body = children(branch, scope);
                if (body.stream().anyMatch(k -> ConstructFacts.holdsFragment(k.node(), new HashSet<>()))) {
                    withFragments++;
                }
                Node b;
                if (weights.isPresent()) {
                    // a branch that runs P times per pass: a serial repetition with that (fractional) count
                    Expr weight = weights.get().get(i);
                    b = new Node(NodeKind.LOOP, unique(scope.routine() + ":" + span.line() + " (branch, probability "
                            + weight.text() + ")"), span, Optional.of(weight), body, Map.of(), Optional.empty(),
                            Optional.empty(), scope.routine(), "", Execution.PARALLEL, Branch.WEIGHTED);
                } else {
                    b = new Node(NodeKind.SERIAL, unique(scope.routine() + ":" + span.line()), span, Optional.empty(),
                            body, Map.of(), Optional.empty(), Optional.empty(), scope.routine(), "");
                }
                branches.add(new Child(b, Use.plain(span.start())));
            }
            if (branches.size() == 1 && weights.isEmpty()) {
                // one branch with code and no probability: taken on every pass, its nodes the conditional's
                return new Child(new Node(NodeKind.SERIAL, unique(name), c.span(), Optional.empty(),
                        branches.get(0).node().children(), Map.of(), Optional.empty(), Optional.empty(), scope.routine(),
                        ConstructFacts.loopVariable(c), Execution.PARALLEL, Branch.TAKEN), use);
            }
            if (weights.isEmpty() && withFragments > 1) {
                diagnostics.warning(c.span().start(), count + " branches of this conditional hold fragments and lcm "
                        + "cannot tell which runs: it counts the costlier one at each point (an upper bound); say how "
                        + "often the first runs with 'probability: P' before it (e.g. 'probability: 1/itors')");
                // the composer takes the costlier branch (docs/composition.md, "Branches")
                return new Child(new Node(NodeKind.SERIAL, unique(name + COSTLIER_BRANCH), c.span(), Optional.empty(),
                        branches, Map.of(), Optional.empty(), Optional.empty(), scope.routine(), ConstructFacts.loopVariable(c),
                        Execution.PARALLEL, Branch.COSTLIER), use);
            }
            return new Child(node(NodeKind.SERIAL, name, c, Optional.empty(), branches, scope), use);
        }
        if (c instanceof Construct.Block block) {
            return new Child(node(NodeKind.SERIAL, name, c, Optional.empty(), children(block.body(), scope), scope), use);
        }
        if (c instanceof Construct.SyncPoint sp) {
            Node leaf = new Node(NodeKind.LEAF, unique(sp.sync().label() + " @" + scope.routine() + ":" + c.span().line()),
                    c.span(), Optional.empty(), List.of(), Map.of(), Optional.empty(), Optional.of(sp.sync()),
                    scope.routine(), "");
            return new Child(leaf, use);
        }
        return null;
    }

    /** A loop whose trip count lcm cannot read: composing it needs an {@code iterations:} annotation, said here. */
    private void unknownTrips(SourceSpan span, String bounds) {
        diagnostics.warning(span.start(), "loop with an unknown trip count"
                + (bounds.isBlank() ? "" : " (" + bounds.strip() + ")")
                + "; add 'iterations: N' (its number of trips) before the loop");
    }

    private Node node(NodeKind kind, String name, Construct c, Optional<Expr> trips, List<Child> children, RoutineScope scope) {
        return new Node(kind, unique(name), c.span(), trips, children, Map.of(), Optional.empty(), Optional.empty(),
                scope.routine(), ConstructFacts.loopVariable(c));
    }

    private Node leaf(Construct c, RoutineScope scope) {
        return new Node(NodeKind.LEAF, unique(scope.routine() + ":" + c.span().line()), c.span(), Optional.empty(),
                List.of(), Map.of(), Optional.empty(), Optional.empty(), scope.routine(), "");
    }

    /** A fragment: its construct's span as one leaf; a loop made fragment keeps its trip count and index. */
    private Node fragment(String name, SourceSpan span, Attached attached, String routine, Optional<Expr> trips,
                          String loopVariable) {
        Node body = new Node(NodeKind.LEAF, unique(routine + ":" + span.line() + "-" + span.endLine()), span,
                Optional.empty(), List.of(), Map.of(), Optional.empty(), Optional.empty(), routine, "");
        return new Node(NodeKind.FRAGMENT, unique(name), span, trips,
                List.of(new Child(body, Use.plain(span.start()))), attached.model(), attached.modelAt(),
                Optional.empty(), routine, loopVariable, serialCode.of(span.start()), Branch.NONE, attached.fittedOn(),
                attached.contention());
    }


    /**
     * docs/design.md#stages-and-what-flows-between-them: a fragment is named by its {@code fragment NAME}; else by the routine it is the
     * only fragment of (a modelled call by its callee); else {@code unit:line}.
     */
    private String fragmentName(Construct c, RoutineScope scope) {
        if (c instanceof Construct.FragmentBlock f) {
            return f.name();
        }
        if (c instanceof Construct.Call call && lookup.containsKey(call.callee())) {
            return lookup.get(call.callee()).name();
        }
        if (scope.fragments() == 1) {
            return scope.routine();
        }
        return scope.routine() + ":" + c.span().line();
    }

    /** The variables each subtree uses: what a call's arguments need bound. */
    private final SubtreeVariables variablesUsed = new SubtreeVariables();

    private Use use(Construct c, RoutineScope scope) {
        return use(c.span(), c.attached(), List.of(), scope);
    }

    private Use use(SourceSpan span, Attached a, List<Annotation.Binding> implied, RoutineScope scope) {
        List<Annotation.Binding> vars = new ArrayList<>(implied);
        vars.addAll(a.vars());
        return new Use(span.start(), a.items(Annotation.Direction.INPUT), a.items(Annotation.Direction.OUTPUT), vars,
                a.varsAt(), a.annotations().stream().anyMatch(x -> x instanceof Annotation.DataUse)
                ? scope.storage() : Map.of(), List.of(), a.independent().map(Annotation::at));
    }

    private Node renamed(Node n, String name) {
        if (n.name().equals(name)) {
            return n; // a routine whose only fragment is named after it: already the routine's name
        }
        // an unannotated conditional keeps the mark of its name
        String marked = n.branch() == Branch.COSTLIER ? name + COSTLIER_BRANCH : name;
        Node named = new Node(n.kind(), unique(marked), n.span(), n.trips(), n.children(), n.model(), n.modelAt(),
                n.sync(), n.routine(), n.loopVariable(), n.execution(), n.branch(), n.fittedOn(), n.contention());
        Scheduling scheduling = schedules.get(n);
        if (scheduling != null) {
            schedules.put(named, scheduling); // the construct keeps its runtime under its new name
        }
        return named;
    }

    /**
     * The end of the name of an unannotated conditional's node whose branches hold fragments
     * ({@link Branch#COSTLIER}): what a reader of the DAG sees.
     */
    private static final String COSTLIER_BRANCH = " (if: the costlier branch)";

    private String unique(String name) {
        int n = names.merge(name, 1, Integer::sum);
        return n == 1 ? name : name + "#" + n;
    }
}

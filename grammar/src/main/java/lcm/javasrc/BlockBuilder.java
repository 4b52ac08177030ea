package lcm.javasrc;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import lcm.annotation.Annotation;
import lcm.expr.Expr;
import lcm.source.SourceLocation;
import lcm.source.SourceSpan;
import lcm.structure.AttachRule;
import lcm.structure.Attached;
import lcm.structure.Construct;
import lcm.structure.OpenBlock;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds the constructs of one statement list (a block, a branch, a lambda body) in source
 * order, interleaving the annotations written between the statements (docs/annotations.md):
 * annotations wait until the next statement and attach to the construct it makes; a
 * {@code sync:} line stands in place; {@code fragment}, {@code parallel sections},
 * {@code section} and {@code tile(i)} open blocks that their {@code end} lines close within
 * the same statement list; an annotation left waiting at the end of the list attaches to
 * nothing, which is an error. Tasks started by the statements ({@link TaskPatterns}) are
 * gathered until a statement waits for them and become one parallel node at the place of
 * the first, with the starting thread's own work in between as one more task.
 */
final class BlockBuilder {

    private enum Kind { ROOT, SECTIONS, TILE, FRAGMENT }

    /** Tasks started and not waited for yet. */
    private static final class TaskGroup {
        final int at;
        final SourceLocation start;
        final List<Construct.Section> tasks = new ArrayList<>();
        final Set<String> handles = new LinkedHashSet<>();
        /** The statement that started the first task (where the pool's variables are looked up). */
        final Statement where;
        String directive;
        /** Whether a task is a loop of tasks (then the loop, not the group, has the pool's team). */
        boolean loops;

        TaskGroup(int at, SourceLocation start, String directive, Statement where) {
            this.at = at;
            this.start = start;
            this.directive = directive;
            this.where = where;
        }
    }

    /** An open block: the statement list itself, or one opened by an annotation. */
    private static final class Frame extends OpenBlock {
        final Kind kind;
        String variable = "";
        String name = "";
        TaskGroup group;

        Frame(Kind kind, String shown, SourceLocation at, Attached attached) {
            super(shown, at, attached);
            this.kind = kind;
            this.sectionAt = at;
        }
    }

    private final BodyContext ctx;
    private final TaskPatterns patterns;
    private final Deque<Frame> frames = new ArrayDeque<>();
    private final AttachRule rule;
    private final AttachRule.BlockAnnotations blockAnnotations = new AttachRule.BlockAnnotations() {
        @Override
        public void sync(Annotation.Sync sync) {
            add(new Construct.SyncPoint(SourceSpan.of(sync.at()), Attached.NONE, sync));
        }

        @Override
        public void fragmentStart(Annotation.FragmentStart start, Attached before) {
            Frame f = new Frame(Kind.FRAGMENT, "fragment " + start.name(), start.at(), before);
            f.name = start.name();
            frames.push(f);
        }

        @Override
        public void fragmentEnd(Annotation.FragmentEnd end) {
            Frame top = frames.peek();
            if (top.kind == Kind.FRAGMENT && !end.name().isEmpty() && !end.name().equals(top.name)) {
                ctx.diagnostics().error(end.at(), "'end fragment " + end.name() + "' closes 'fragment " + top.name + "'");
            }
            close(Kind.FRAGMENT, "end fragment", end);
        }

        @Override
        public void structure(Annotation.Structure st) {
            BlockBuilder.this.structure(st);
        }
    };
    private final Map<String, Construct.Section> threads = new LinkedHashMap<>();
    private final Map<String, Set<String>> threadAliases = new LinkedHashMap<>();
    private final Set<String> joined = new LinkedHashSet<>();
    private int lastLine;

    BlockBuilder(BodyContext ctx) {
        this.ctx = ctx;
        this.patterns = new TaskPatterns(ctx);
        this.rule = new AttachRule(ctx.diagnostics());
    }

    List<Construct> build(List<? extends Statement> statements, Position from, Position to) {
        Frame root = new Frame(Kind.ROOT, "block", ctx.positions().location(from.column < 1 ? from.withColumn(1) : from),
                Attached.NONE);
        frames.push(root);
        lastLine = from.line;
        for (Statement s : statements) {
            for (Annotation a : ctx.queue().take(from, JavaPositions.begin(s))) {
                rule.read(a, blockAnnotations);
            }
            statement(s);
            lastLine = Math.max(lastLine, JavaPositions.end(s).line);
        }
        for (Annotation a : ctx.queue().take(from, to)) {
            rule.read(a, blockAnnotations);
        }
        finish(Math.max(lastLine, to.line));
        return root.body;
    }

    // ------------------------------------------------------------------ statements

    private void statement(Statement s) {
        Optional<TaskPatterns.Pattern> p = patterns.classify(s, threads.keySet(), openHandles(), joined);
        if (p.isEmpty()) {
            plain(s);
            return;
        }
        SourceSpan span = ctx.positions().span(s);
        TaskPatterns.Pattern pattern = p.get();
        if (pattern instanceof TaskPatterns.ThreadDefinition d) {
            List<Construct> body = ctx.taskBody(d.task());
            threads.put(d.name(), new Construct.Section(span, attached(s), body));
        } else if (pattern instanceof TaskPatterns.ThreadStart t) {
            Construct.Section def = threads.remove(t.name());
            Set<String> handles = new LinkedHashSet<>(threadAliases.getOrDefault(t.name(), Set.of()));
            handles.add(t.name());
            fork(new Construct.Section(def.span(), def.attached().plus(attached(s).annotations()), def.body()),
                    handles, "Thread.start", s);
        } else if (pattern instanceof TaskPatterns.Fork f) {
            List<Construct> body = new ArrayList<>();
            f.tasks().forEach(t -> body.addAll(ctx.taskBody(t)));
            fork(new Construct.Section(span, attached(s), body), f.handles(), f.directive(), s);
        } else if (pattern instanceof TaskPatterns.ForkLoop fl) {
            fork(new Construct.Section(span, Attached.NONE, List.of(forkLoop(fl))), fl.handles(), fl.directive(), s);
            frames.peek().group.loops = true;
        } else if (pattern instanceof TaskPatterns.Defer d) {
            List<Construct> body = ctx.taskBody(d.task());
            BodyContext.DeferredTask task = new BodyContext.DeferredTask(ctx.positions().span(d.task()),
                    attached(s), body, d.collection() ? enclosingLoop(s) : Optional.empty());
            if (d.collection()) {
                ctx.deferIntoCollection(d.name(), task);
            } else {
                ctx.deferVariable(d.name(), task);
            }
        } else if (pattern instanceof TaskPatterns.Collect c) {
            if (threads.containsKey(c.element())) {
                threadAliases.computeIfAbsent(c.element(), k -> new LinkedHashSet<>()).add(c.collection());
            } else {
                groupHolding(c.element()).ifPresent(f -> f.group.handles.add(c.collection()));
            }
            rule.hold(ctx.leftovers(s).annotations());
        } else if (pattern instanceof TaskPatterns.PatternOnly) {
            rule.hold(ctx.leftovers(s).annotations());
        } else if (pattern instanceof TaskPatterns.Join j) {
            join(s, j);
        }
    }

    /** A statement with no task pattern: its constructs, with the waiting annotations attached. */
    private void plain(Statement s) {
        if (s instanceof LocalClassDeclarationStmt || s instanceof LocalRecordDeclarationStmt) {
            for (Annotation a : ctx.queue().take(JavaPositions.begin(s), JavaPositions.end(s))) {
                ctx.diagnostics().error(a.at(), "annotation cannot attach to code in a local class "
                        + "(annotations attach to methods and statements)");
            }
            return;
        }
        List<Construct> cs = ctx.statement(s);
        Attached a = attached(s);
        if (cs.isEmpty()) {
            rule.passOn(a.annotations());
            return;
        }
        if (a.isEmpty()) {
            cs.forEach(this::add);
        } else if (cs.size() == 1) {
            add(Constructs.withAttached(cs.get(0), a));
        } else {
            add(new Construct.Block(ctx.positions().span(s), a, "statement", cs));
        }
    }

    /** The annotations waiting before {@code s} and those inside it that nothing took. */
    private Attached attached(Statement s) {
        Attached a = rule.take();
        return a.plus(ctx.leftovers(s).annotations());
    }

    private Construct forkLoop(TaskPatterns.ForkLoop fl) {
        List<Construct> body = new ArrayList<>();
        fl.tasks().forEach(t -> body.addAll(ctx.taskBody(t)));
        Statement loop = fl.loop();
        LoopHeader h = loop instanceof ForStmt f ? LoopHeader.of(f)
                : loop instanceof ForEachStmt f ? new LoopHeader(f.getVariable().getVariable(0).getNameAsString(),
                Optional.empty(), f.getIterable().toString())
                : new LoopHeader("", Optional.empty(), ((WhileStmt) loop).getCondition().toString());
        // tasks submitted to a pool of k threads: the loop's team is k (as num_threads on a parallel do)
        return new Construct.ParallelLoop(ctx.positions().span(loop), attached(loop), h.variable(), h.trips(),
                h.boundsText(), "loop of " + fl.directive(), Map.of(), PoolTeams.ofHandles(loop, fl.handles()), body);
    }

    /** The loop around {@code s} inside this method (not beyond a lambda), if any. */
    private static Optional<Statement> enclosingLoop(Statement s) {
        Optional<Node> at = s.getParentNode();
        while (at.isPresent() && !(at.get() instanceof CallableDeclaration<?>) && !(at.get() instanceof LambdaExpr)) {
            Node n = at.get();
            if (n instanceof ForStmt || n instanceof ForEachStmt || n instanceof WhileStmt || n instanceof DoStmt) {
                return Optional.of((Statement) n);
            }
            at = n.getParentNode();
        }
        return Optional.empty();
    }

    // ------------------------------------------------------------------ tasks

    private void fork(Construct.Section task, Set<String> handles, String directive, Statement where) {
        Frame f = frames.peek();
        if (f.group == null) {
            f.group = new TaskGroup(f.body.size(), task.span().start(), directive, where);
        } else if (!f.group.directive.equals(directive)) {
            f.group.directive = "tasks";
        }
        f.group.tasks.add(task);
        f.group.handles.addAll(handles);
    }

    private Set<String> openHandles() {
        Set<String> out = new LinkedHashSet<>();
        for (Frame f : frames) {
            if (f.group != null) {
                out.addAll(f.group.handles);
            }
        }
        return out;
    }

    private Optional<Frame> groupHolding(String handle) {
        return frames.stream().filter(f -> f.group != null && f.group.handles.contains(handle)).findFirst();
    }

    /** A statement that waits: closes the group of the tasks it waits for; keeps any structure of its own. */
    private void join(Statement s, TaskPatterns.Join j) {
        Optional<Frame> holder = j.handles().contains(TaskPatterns.Join.ANY)
                ? frames.stream().filter(f -> f.group != null).findFirst()
                : j.handles().stream().map(this::groupHolding).flatMap(Optional::stream).findFirst();
        if (holder.isPresent()) {
            Attached a = rule.take();
            List<Construct> own = ctx.statement(s);
            a = a.plus(ctx.leftovers(s).annotations());
            closeGroup(holder.get(), a, JavaPositions.end(s).line);
            if (Constructs.anyStructure(own)) {
                own.forEach(this::add);
            }
            return;
        }
        List<Construct> own = ctx.statement(s);
        if (Constructs.anyStructure(own)) {
            plainConstructs(s, own);
        } else {
            rule.hold(ctx.leftovers(s).annotations());
        }
    }

    private void plainConstructs(Statement s, List<Construct> cs) {
        Attached a = attached(s);
        if (cs.size() == 1) {
            add(Constructs.withAttached(cs.get(0), a));
        } else {
            add(new Construct.Block(ctx.positions().span(s), a, "statement", cs));
        }
    }

    /**
     * The tasks of {@code f}'s group become one parallel node where the first was started.
     * Work the starting thread did between the start and the wait runs alongside them: one
     * more task. A single task waited for at once is serial code and stays inline.
     */
    private void closeGroup(Frame f, Attached attached, int endLine) {
        TaskGroup g = f.group;
        f.group = null;
        List<Construct> between = new ArrayList<>(f.body.subList(g.at, f.body.size()));
        f.body.subList(g.at, f.body.size()).clear();
        List<Construct.Section> sections = new ArrayList<>(g.tasks);
        if (!between.isEmpty()) {
            SourceSpan first = between.get(0).span();
            int last = between.stream().mapToInt(c -> c.span().endLine()).max().orElse(first.endLine());
            sections.add(new Construct.Section(new SourceSpan(first.start(), Math.max(first.line(), last)),
                    Attached.NONE, between));
        }
        joined.addAll(g.handles);
        if (sections.size() == 1) {
            Construct.Section only = sections.get(0);
            Attached a = only.attached().plus(attached.annotations());
            if (a.isEmpty()) {
                f.body.addAll(only.body());
            } else {
                f.body.add(new Construct.Block(only.span(), a, "task", only.body()));
            }
            return;
        }
        // tasks all run by one pool of k threads (no work of the starting thread beside them): a team of k
        Optional<Expr> team = between.isEmpty() && !g.loops ? PoolTeams.ofHandles(g.where, g.handles) : Optional.empty();
        f.body.add(new Construct.Sections(new SourceSpan(g.start, Math.max(g.start.line(), endLine)), attached,
                g.directive, sections, team));
    }

    // ------------------------------------------------------------------ annotations

    private void structure(Annotation.Structure st) {
        switch (st.kind()) {
            case PARALLEL_SECTIONS -> frames.push(new Frame(Kind.SECTIONS, "parallel sections", st.at(), rule.take()));
            case SECTION -> {
                Frame f = frames.peek();
                if (f.kind != Kind.SECTIONS) {
                    ctx.diagnostics().error(st.at(), "'section' outside 'parallel sections'");
                    return;
                }
                f.finishSection(st.at().line() - 1);
                f.explicitSection = true;
                f.sectionAt = st.at();
                f.sectionAttached = rule.take();
            }
            case END_PARALLEL_SECTIONS -> close(Kind.SECTIONS, "end parallel sections", st);
            case TILE -> {
                Frame f = new Frame(Kind.TILE, "tile(" + st.variable() + ")", st.at(), rule.take());
                f.variable = st.variable();
                frames.push(f);
            }
            case END_TILE -> close(Kind.TILE, "end tile", st);
        }
    }

    // ------------------------------------------------------------------ frames

    private void close(Kind kind, String closer, Annotation at) {
        rule.nothingToAttach("'" + closer + "' at line " + at.at().line());
        Frame target = null;
        for (Frame f : frames) {
            if (f.kind == Kind.ROOT) {
                break;
            }
            if (f.kind == kind) {
                target = f;
                break;
            }
        }
        if (target == null) {
            ctx.diagnostics().error(at.at(), "'" + closer + "' without '" + closer.substring(4) + "'"
                    + (frames.stream().anyMatch(f -> f.kind == kind) ? "" : " in this block"));
            return;
        }
        while (frames.peek() != target) {
            Frame f = frames.peek();
            ctx.diagnostics().error(f.at, "unclosed '" + f.shown + "' (no '" + closerOf(f) + "' before '" + closer
                    + "' at line " + at.at().line() + ")");
            closeTop(at.at().line());
        }
        closeTop(at.at().line());
    }

    private static String closerOf(Frame f) {
        return switch (f.kind) {
            case SECTIONS -> "end parallel sections";
            case TILE -> "end tile";
            case FRAGMENT -> "end fragment";
            case ROOT -> "}";
        };
    }

    private void closeTop(int endLine) {
        Frame f = frames.pop();
        if (f.group != null) {
            ctx.diagnostics().warning(f.group.start, "tasks started here are not waited for before '" + closerOf(f)
                    + "'; lcm takes that line as their join");
            closeGroup(f, Attached.NONE, endLine);
        }
        SourceSpan span = new SourceSpan(f.at, Math.max(f.at.line(), endLine));
        Construct c = switch (f.kind) {
            case SECTIONS -> {
                f.finishSection(endLine - 1);
                yield new Construct.Sections(span, f.attached, "@lcm parallel sections", f.sections);
            }
            case TILE -> tile(f, span);
            case FRAGMENT -> new Construct.FragmentBlock(span, f.attached, f.name, f.body);
            case ROOT -> throw new IllegalStateException("the root frame is closed by finish()");
        };
        add(c);
    }

    /** {@code @lcm tile(i)} ... {@code @lcm end tile}: the loop over i it holds is a parallel loop. */
    private Construct tile(Frame f, SourceSpan span) {
        String directive = "@lcm tile(" + f.variable + ")";
        if (f.body.size() == 1 && f.body.get(0) instanceof Construct.Loop loop) {
            return new Construct.ParallelLoop(span, f.attached.plus(loop.attached().annotations()), loop.variable(),
                    loop.trips(), loop.boundsText(), directive, Map.of(), Optional.empty(), loop.body());
        }
        for (Construct c : f.body) {
            if (c instanceof Construct.Loop loop && loop.variable().equals(f.variable)) {
                ctx.diagnostics().warning(f.at, "'tile(" + f.variable + ")' holds more than its loop; the whole region "
                        + "is one parallel loop");
                return new Construct.ParallelLoop(span, f.attached, f.variable, loop.trips(), loop.boundsText(), directive,
                        Map.of(), Optional.empty(), f.body);
            }
        }
        ctx.diagnostics().warning(f.at, "'tile(" + f.variable + ")' holds no loop over '" + f.variable
                + "'; its trip count is unknown");
        return new Construct.ParallelLoop(span, f.attached, f.variable, Optional.empty(), "", directive, Map.of(),
                Optional.empty(), f.body);
    }

    private void add(Construct c) {
        frames.peek().body.add(c);
    }

    /** The end of the statement list: what is still open or waiting is reported, then closed. */
    private void finish(int endLine) {
        rule.nothingToAttach("the end of the block at line " + endLine);
        while (frames.size() > 1) {
            Frame f = frames.peek();
            ctx.diagnostics().error(f.at, "unclosed '" + f.shown + "' (no '" + closerOf(f)
                    + "' before the end of the block)");
            closeTop(endLine);
        }
        Frame root = frames.peek();
        if (root.group != null) {
            ctx.diagnostics().warning(root.group.start, "tasks started here are not waited for in this block; "
                    + "lcm takes the end of the block as their join");
            closeGroup(root, Attached.NONE, endLine);
        }
        for (Map.Entry<String, Construct.Section> t : threads.entrySet()) {
            ctx.diagnostics().warning(t.getValue().span().start(), "thread '" + t.getKey()
                    + "' is never started in this block; lcm leaves it out");
        }
    }
}

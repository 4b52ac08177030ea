package lcm.javasrc;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import lcm.expr.Expr;
import lcm.structure.Attached;
import lcm.structure.Construct;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Calls that run tasks and wait for them in one expression:
 * <ul>
 * <li>{@code executor.invokeAll(List.of(t1, t2))} is a parallel node with one task each;
 *     {@code invokeAll(tasks)} of a collection filled earlier in the method is a parallel node
 *     of the tasks added, or a parallel loop when they were added in a loop (that loop's trip
 *     count);</li>
 * <li>{@code pool.invoke(new Task(...))} and {@code task.invoke()} of a fork/join task class
 *     of this file is a parallel loop over the task's {@code compute()}: the recursive
 *     splitting inside {@code compute()} is how the pool spreads the work, so the iterations
 *     are unknown unless an {@code iterations:} annotation gives them;</li>
 * <li>{@code forkJoinPool.invoke(x)} of a task lcm cannot see is a parallel loop with one plain
 *     statement as its body.</li>
 * </ul>
 */
final class PoolCalls {

    private static final Set<String> LIST_FACTORIES = Set.of("List.of", "Arrays.asList", "Set.of");

    private final BodyContext ctx;
    private final TaskPatterns patterns;

    PoolCalls(BodyContext ctx) {
        this.ctx = ctx;
        this.patterns = new TaskPatterns(ctx);
    }

    Optional<Construct> of(MethodCallExpr m) {
        String name = m.getNameAsString();
        if (name.equals("invokeAll") && m.getScope().isPresent() && !m.getArguments().isEmpty()
                && m.getArguments().size() <= 3) {
            return invokeAll(m, m.getArgument(0));
        }
        if (name.equals("invoke")) {
            return invoke(m);
        }
        return Optional.empty();
    }

    private Optional<Construct> invokeAll(MethodCallExpr m, Expression tasks) {
        if (tasks instanceof MethodCallExpr list && LIST_FACTORIES.contains(list.getScope().map(Object::toString)
                .orElse("") + "." + list.getNameAsString())
                && list.getArguments().stream().allMatch(patterns::isTask) && !list.getArguments().isEmpty()) {
            List<Construct.Section> sections = new ArrayList<>();
            for (Expression t : list.getArguments()) {
                sections.add(new Construct.Section(ctx.positions().span(t), Attached.NONE, ctx.taskBody(t)));
            }
            return Optional.of(new Construct.Sections(ctx.positions().span(m), Attached.NONE,
                    "ExecutorService.invokeAll", sections, team(m)));
        }
        if (tasks instanceof NameExpr n && !ctx.deferredCollection(n.getNameAsString()).isEmpty()) {
            List<BodyContext.DeferredTask> added = ctx.deferredCollection(n.getNameAsString());
            Optional<Statement> loop = added.stream().map(BodyContext.DeferredTask::loop)
                    .flatMap(Optional::stream).findFirst();
            if (loop.isPresent()) {
                List<Construct> body = new ArrayList<>();
                Attached attached = Attached.NONE;
                for (BodyContext.DeferredTask t : added) {
                    body.addAll(t.body());
                    attached = attached.plus(t.attached().annotations());
                }
                LoopHeader h = header(loop.get());
                return Optional.of(new Construct.ParallelLoop(ctx.positions().span(m), attached, h.variable(), h.trips(),
                        h.boundsText(), "ExecutorService.invokeAll", Map.of(), team(m), body));
            }
            List<Construct.Section> sections = added.stream()
                    .map(t -> new Construct.Section(t.span(), t.attached(), t.body())).toList();
            return Optional.of(new Construct.Sections(ctx.positions().span(m), Attached.NONE,
                    "ExecutorService.invokeAll", sections, team(m)));
        }
        if (tasks instanceof NameExpr n && ctx.isTaskCollection(n.getNameAsString())) {
            return Optional.of(new Construct.ParallelLoop(ctx.positions().span(m), Attached.NONE, "", Optional.empty(),
                    tasks.toString(), "ExecutorService.invokeAll", Map.of(), team(m),
                    List.of(new Construct.Simple(ctx.positions().span(tasks), Attached.NONE))));
        }
        return Optional.empty();
    }

    private Optional<Construct> invoke(MethodCallExpr m) {
        Optional<MethodTable.ClassInfo> task = Optional.empty();
        if (m.getArguments().size() == 1) {
            task = forkJoinClass(m.getArgument(0));
        } else if (m.getArguments().isEmpty() && m.getScope().isPresent() && !insideForkJoinTask()) {
            task = forkJoinClass(m.getScope().get());
        }
        if (task.isPresent()) {
            Optional<MethodTable.Resolution> compute = ctx.table().resolve("compute", ctx.table().hierarchy(task.get()), 0);
            List<Construct> body = compute.map(r -> List.<Construct>of(ctx.call(m, r.method().routine())))
                    .orElse(List.of(new Construct.Simple(ctx.positions().span(m), Attached.NONE)));
            Expression created = m.getArguments().isEmpty() ? m.getScope().get() : m.getArgument(0);
            Optional<ForkJoinDepth.Split> split = created instanceof ObjectCreationExpr o
                    ? ForkJoinDepth.of(task.get().declaration(), o) : Optional.empty();
            if (split.isPresent()) {
                ForkJoinDepth.Split sp = split.get();
                return Optional.of(new Construct.ParallelLoop(ctx.positions().span(m), Attached.NONE, "",
                        Optional.of(sp.leaves()), created.toString(), "ForkJoinPool.invoke (recursive)",
                        Map.of("depth", sp.depth().text(), "size", sp.size(), "threshold", sp.threshold()),
                        team(m), body));
            }
            // the DAG builder warns unless an iterations: annotation gives the leaves
            return Optional.of(new Construct.ParallelLoop(ctx.positions().span(m), Attached.NONE, "", Optional.empty(),
                    created.toString(), "ForkJoinPool.invoke", Map.of("recursive task", task.get().simpleName()),
                    team(m), body));
        }
        if (m.getArguments().size() == 1 && m.getScope().isPresent() && isForkJoinPool(m.getScope().get())) {
            return Optional.of(loop(m, List.of(new Construct.Simple(ctx.positions().span(m.getArgument(0)),
                    Attached.NONE))));
        }
        return Optional.empty();
    }

    private Construct loop(MethodCallExpr m, List<Construct> body) {
        return new Construct.ParallelLoop(ctx.positions().span(m), Attached.NONE, "", Optional.empty(),
                m.getArguments().isEmpty() ? m.getScope().map(Object::toString).orElse("") : m.getArgument(0).toString(),
                "ForkJoinPool.invoke", Map.of(), team(m), body);
    }

    /** The team of the pool a call runs its tasks on ({@code pool.invoke(...)}): none for {@code task.invoke()}. */
    private Optional<Expr> team(MethodCallExpr m) {
        if (m.getScope().isEmpty() || m.getArguments().isEmpty()) {
            return Optional.empty();
        }
        return PoolTeams.of(m.getScope().get());
    }

    private Optional<MethodTable.ClassInfo> forkJoinClass(Expression e) {
        Optional<MethodTable.ClassInfo> c = e instanceof ObjectCreationExpr o
                ? ctx.table().classNamed(o.getType().getNameWithScope())
                : e instanceof NameExpr n && ctx.scope().isVariable(n.getNameAsString())
                ? ctx.scope().className(n.getNameAsString()).flatMap(ctx.table()::classNamed) : Optional.empty();
        return c.filter(ctx.table()::isForkJoinTask);
    }

    private boolean insideForkJoinTask() {
        return ctx.table().isForkJoinTask(ctx.owner());
    }

    private boolean isForkJoinPool(Expression scope) {
        if (scope instanceof NameExpr n && ctx.scope().isVariable(n.getNameAsString())) {
            return ctx.scope().className(n.getNameAsString()).orElse("").equals("ForkJoinPool");
        }
        if (scope instanceof NameExpr n && !ctx.scope().isVariable(n.getNameAsString())
                && n.getNameAsString().toLowerCase(Locale.ROOT).contains("pool")) {
            return true; // a statically imported pool: FORK_JOIN_POOL.invoke(task)
        }
        return scope.toString().startsWith("ForkJoinPool.") || scope.toString().startsWith("new ForkJoinPool(");
    }

    private static LoopHeader header(Statement loop) {
        if (loop instanceof ForStmt f) {
            return LoopHeader.of(f);
        }
        if (loop instanceof ForEachStmt f) {
            return new LoopHeader(f.getVariable().getVariable(0).getNameAsString(), Optional.empty(),
                    f.getIterable().toString());
        }
        return new LoopHeader("", Optional.empty(), "");
    }
}

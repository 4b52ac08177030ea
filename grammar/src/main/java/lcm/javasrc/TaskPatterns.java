package lcm.javasrc;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Recognizes, one statement at a time, how Java code starts tasks and waits for them
 * (docs/java-frontend.md): {@code CompletableFuture.runAsync/supplyAsync} (with {@code then...}
 * continuations), {@code executor.submit/execute}, {@code new Thread(task)} and
 * {@code t.start()}, a loop that only starts tasks, tasks written down for later, and the
 * statements that wait ({@code allOf(...).join()}, {@code f.get()}, {@code t.join()},
 * {@code executor.awaitTermination(...)}, a loop over the handles). What a pattern means for
 * the structure is decided by {@link BlockBuilder}.
 */
final class TaskPatterns {

    sealed interface Pattern permits ThreadDefinition, ThreadStart, Fork, ForkLoop, Defer, Collect, PatternOnly, Join {
    }

    /** {@code Thread t = new Thread(task)}: a task that runs when {@code t.start()} is called. */
    record ThreadDefinition(String name, Expression task) implements Pattern {
    }

    /** {@code t.start()} of a thread defined earlier in the block. */
    record ThreadStart(String name) implements Pattern {
    }

    /** A statement that starts one task; {@code handles} are the names a wait may mention. */
    record Fork(List<Expression> tasks, Set<String> handles, String directive) implements Pattern {
    }

    /** A loop whose body only starts tasks: all its iterations run at once. */
    record ForkLoop(Statement loop, List<Expression> tasks, Set<String> handles, String directive) implements Pattern {
    }

    /** {@code Runnable r = () -> ...} or {@code tasks.add(() -> ...)}: a task for later. */
    record Defer(String name, boolean collection, Expression task) implements Pattern {
    }

    /** {@code threads.add(t)} / {@code futures.add(f)}: the collection is one more handle of the task. */
    record Collect(String collection, String element) implements Pattern {
    }

    /** A statement that only manages the tasks ({@code executor.shutdown()}): no structure of its own. */
    record PatternOnly() implements Pattern {
    }

    /** A statement that waits for the tasks named by {@code handles} ({@link #ANY}: the tasks started last). */
    record Join(Set<String> handles) implements Pattern {
        static final String ANY = "*";
    }

    private static final Set<String> WAITS = Set.of("join", "get", "awaitTermination", "close", "awaitQuiescence");
    private static final Set<String> CONTINUATIONS = Set.of("thenRun", "thenAccept", "thenApply", "thenCompose",
            "thenRunAsync", "thenAcceptAsync", "thenApplyAsync", "thenComposeAsync", "handle", "handleAsync",
            "whenComplete", "whenCompleteAsync", "exceptionally");

    private final BodyContext ctx;

    TaskPatterns(BodyContext ctx) {
        this.ctx = ctx;
    }

    /**
     * What {@code s} does with tasks, given the threads defined and not started yet and the
     * handles of tasks not waited for yet (open) or already waited for (joined).
     */
    Optional<Pattern> classify(Statement s, Set<String> threads, Set<String> open, Set<String> joined) {
        if (s instanceof ExpressionStmt es) {
            Optional<Pattern> p = expressionStatement(es.getExpression(), threads, open, joined);
            if (p.isPresent()) {
                return p;
            }
        }
        if (s instanceof ForStmt || s instanceof ForEachStmt || s instanceof WhileStmt) {
            Optional<Pattern> loop = forkLoop(s);
            if (loop.isPresent()) {
                return loop;
            }
        }
        if (awaitsLatch(s)) {
            return Optional.of(new Join(Set.of(Join.ANY))); // done.await(): the workers counted down
        }
        Set<String> mentioned = mentioned(s, open);
        if (!mentioned.isEmpty() && waits(s)) {
            return Optional.of(new Join(mentioned));
        }
        Set<String> waitedAlready = mentioned(s, joined);
        if (!waitedAlready.isEmpty() && waits(s)) {
            return Optional.of(new Join(waitedAlready));
        }
        return Optional.empty();
    }

    private Optional<Pattern> expressionStatement(Expression e, Set<String> threads, Set<String> open,
                                                  Set<String> joined) {
        if (e instanceof VariableDeclarationExpr d && d.getVariables().size() == 1
                && d.getVariable(0).getInitializer().isPresent()) {
            return assigned(d.getVariable(0).getNameAsString(), d.getVariable(0).getInitializer().get(), threads, open);
        }
        if (e instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN && a.getTarget() instanceof NameExpr n) {
            return assigned(n.getNameAsString(), a.getValue(), threads, open);
        }
        if (e instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN
                && a.getTarget() instanceof ArrayAccessExpr element && element.getName() instanceof NameExpr array) {
            return assigned(array.getNameAsString(), a.getValue(), threads, open); // th[i] = new Thread(r)
        }
        if (e instanceof MethodCallExpr m && m.getNameAsString().equals("start") && m.getArguments().isEmpty()
                && m.getScope().orElse(null) instanceof ArrayAccessExpr element && element.getName() instanceof NameExpr array
                && threads.contains(array.getNameAsString())) {
            return Optional.of(new ThreadStart(array.getNameAsString())); // th[i].start()
        }
        if (e instanceof MethodCallExpr m && m.getScope().orElse(null) instanceof NameExpr receiver) {
            String r = receiver.getNameAsString();
            if (m.getNameAsString().equals("add") && m.getArguments().size() == 1) {
                Expression x = m.getArgument(0);
                Optional<Fork> f = fork(x);
                if (f.isPresent()) {
                    return Optional.of(withHandle(f.get(), r));
                }
                if (x instanceof NameExpr n && (threads.contains(n.getNameAsString()) || open.contains(n.getNameAsString()))) {
                    return Optional.of(new Collect(r, n.getNameAsString()));
                }
                if (isTask(x) && ctx.isTaskCollection(r)) {
                    return Optional.of(new Defer(r, true, x));
                }
            }
            if ((m.getNameAsString().equals("shutdown") || m.getNameAsString().equals("shutdownNow"))
                    && (open.contains(r) || joined.contains(r))) {
                return Optional.of(new PatternOnly());
            }
            if (m.getNameAsString().equals("start") && m.getArguments().isEmpty() && threads.contains(r)) {
                return Optional.of(new ThreadStart(r));
            }
        }
        return fork(e).map(f -> f);
    }

    private Optional<Pattern> assigned(String name, Expression value, Set<String> threads, Set<String> open) {
        Optional<Expression> threadTask = threadTask(value);
        if (threadTask.isPresent()) {
            return Optional.of(new ThreadDefinition(name, threadTask.get()));
        }
        Optional<Fork> f = fork(value);
        if (f.isPresent()) {
            return Optional.of(withHandle(f.get(), name));
        }
        if (value instanceof LambdaExpr || value instanceof MethodReferenceExpr
                || value instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
            return Optional.of(new Defer(name, false, value));
        }
        Set<String> handles = mentioned(value, open);
        if (!handles.isEmpty() && !waits(value) && isPlainOf(value)) {
            return Optional.of(new Collect(name, handles.iterator().next())); // var all = allOf(a, b)
        }
        return Optional.empty();
    }

    /** Whether an expression only combines handles: it calls nothing of the sources and holds no lambda. */
    private boolean isPlainOf(Expression value) {
        return value.findFirst(LambdaExpr.class).isEmpty() && value.findAll(MethodCallExpr.class).stream()
                .allMatch(m -> ctx.resolver().routine(m).isEmpty());
    }

    private static Fork withHandle(Fork f, String handle) {
        Set<String> handles = new LinkedHashSet<>(f.handles());
        handles.add(handle);
        return new Fork(f.tasks(), handles, f.directive());
    }

    /** The task of {@code new Thread(task)}, or of {@code new Worker()} with Worker a Thread subclass in this file. */
    private Optional<Expression> threadTask(Expression e) {
        if (!(e instanceof ObjectCreationExpr o) || o.getAnonymousClassBody().isPresent()) {
            return Optional.empty();
        }
        String type = o.getType().getNameAsString();
        if (type.equals("Thread") && !o.getArguments().isEmpty() && isTask(o.getArgument(0))) {
            return Optional.of(o.getArgument(0));
        }
        Optional<MethodTable.ClassInfo> c = ctx.table().classNamed(o.getType().getNameWithScope());
        if (c.isPresent() && ctx.table().hierarchy(c.get()).stream().anyMatch(k -> k.superName().orElse("").equals("Thread"))) {
            return Optional.of(o);
        }
        return Optional.empty();
    }

    /** An expression that starts a task and does not wait for it. */
    Optional<Fork> fork(Expression e) {
        if (!(e instanceof MethodCallExpr outer)) {
            return Optional.empty();
        }
        List<MethodCallExpr> chain = new ArrayList<>();
        Expression at = outer;
        while (at instanceof MethodCallExpr m) {
            chain.add(0, m);
            at = m.getScope().orElse(null);
        }
        MethodCallExpr first = chain.get(0);
        String name = first.getNameAsString();
        if ((name.equals("runAsync") || name.equals("supplyAsync")) && isNamed(first.getScope(), "CompletableFuture")
                && !first.getArguments().isEmpty() && isTask(first.getArgument(0))) {
            List<Expression> tasks = new ArrayList<>();
            tasks.add(first.getArgument(0));
            Set<String> handles = new LinkedHashSet<>();
            if (first.getArguments().size() > 1 && first.getArgument(1) instanceof NameExpr executor) {
                handles.add(executor.getNameAsString());
            }
            for (MethodCallExpr m : chain.subList(1, chain.size())) {
                if (WAITS.contains(m.getNameAsString())) {
                    return Optional.empty();
                }
                if (CONTINUATIONS.contains(m.getNameAsString())) {
                    m.getArguments().stream().filter(this::isTask).forEach(tasks::add);
                }
            }
            return Optional.of(new Fork(tasks, handles, "CompletableFuture." + name));
        }
        if (chain.size() == 1 && (name.equals("submit") || name.equals("execute")) && first.getScope().isPresent()
                && !first.getArguments().isEmpty() && isTask(first.getArgument(0))) {
            Set<String> handles = new LinkedHashSet<>();
            if (first.getScope().get() instanceof NameExpr executor) {
                handles.add(executor.getNameAsString());
            }
            return Optional.of(new Fork(List.of(first.getArgument(0)), handles, "ExecutorService." + name));
        }
        if (chain.size() == 1 && name.equals("start") && first.getArguments().isEmpty()
                && first.getScope().isPresent()) {
            Optional<Expression> task = threadTask(first.getScope().get());
            if (task.isPresent()) {
                return Optional.of(new Fork(List.of(task.get()), Set.of(), "Thread.start"));
            }
        }
        return Optional.empty();
    }

    /** A loop whose body does nothing but start tasks (and collect their handles). */
    private Optional<Pattern> forkLoop(Statement loop) {
        Statement body = loop instanceof ForStmt f ? f.getBody() : loop instanceof ForEachStmt f ? f.getBody()
                : ((WhileStmt) loop).getBody();
        List<Statement> statements = body instanceof BlockStmt b ? b.getStatements() : List.of(body);
        Map<String, Expression> threads = new HashMap<>();
        Map<String, Expression> runnables = new HashMap<>(); // r[i] = new Runner(i) in this loop
        Set<String> forked = new LinkedHashSet<>();
        List<Expression> tasks = new ArrayList<>();
        Set<String> handles = new LinkedHashSet<>();
        String directive = "";
        for (Statement s : statements) {
            if (s instanceof ExpressionStmt es && es.getExpression() instanceof VariableDeclarationExpr
                    && isPlain(es.getExpression())) {
                continue; // final int id = i;
            }
            Optional<Pattern> p = s instanceof ExpressionStmt es
                    ? expressionStatement(es.getExpression(), threads.keySet(), forked, Set.of()) : Optional.empty();
            if (p.isEmpty() && s instanceof ExpressionStmt es && runnableCreated(es.getExpression()) instanceof Defer d) {
                p = Optional.of(d); // runners[i] = new Runner(i): the task a thread of this loop runs
            }
            if (p.isEmpty()) {
                return Optional.empty();
            }
            if (p.get() instanceof ThreadDefinition d) {
                threads.put(d.name(), d.task());
            } else if (p.get() instanceof Defer d && !d.collection()) {
                runnables.put(d.name(), d.task());
            } else if (p.get() instanceof ThreadStart ts) {
                tasks.add(runnable(threads.remove(ts.name()), runnables));
                forked.add(ts.name());
                handles.add(ts.name());
                directive = "Thread.start";
            } else if (p.get() instanceof Fork f) {
                tasks.addAll(f.tasks());
                forked.addAll(f.handles());
                handles.addAll(f.handles());
                directive = f.directive();
            } else if (p.get() instanceof Collect c) {
                handles.add(c.collection());
                forked.add(c.element());
            } else {
                return Optional.empty();
            }
        }
        if (tasks.isEmpty() || !threads.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ForkLoop(loop, tasks, handles, directive));
    }

    /** {@code r[i] = new Runner(i)} or {@code Runner r = new Runner(i)} with Runner a task class of the file. */
    private Pattern runnableCreated(Expression e) {
        String name = null;
        Expression value = null;
        if (e instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN) {
            Expression target = a.getTarget() instanceof ArrayAccessExpr x ? x.getName() : a.getTarget();
            name = target instanceof NameExpr n ? n.getNameAsString() : null;
            value = a.getValue();
        } else if (e instanceof VariableDeclarationExpr d && d.getVariables().size() == 1) {
            name = d.getVariable(0).getNameAsString();
            value = d.getVariable(0).getInitializer().orElse(null);
        }
        return name != null && value instanceof ObjectCreationExpr && isTask(value) ? new Defer(name, false, value) : null;
    }

    /** The task a thread runs: {@code r[i]} or {@code r} set earlier in the same loop body is what was set. */
    private static Expression runnable(Expression task, Map<String, Expression> runnables) {
        if (task instanceof ArrayAccessExpr a && a.getName() instanceof NameExpr n && runnables.containsKey(n.getNameAsString())) {
            return runnables.get(n.getNameAsString());
        }
        if (task instanceof NameExpr n && runnables.containsKey(n.getNameAsString())) {
            return runnables.get(n.getNameAsString());
        }
        return task;
    }

    /** Whether an expression can be run as a task. */
    boolean isTask(Expression e) {
        if (e instanceof LambdaExpr || e instanceof MethodReferenceExpr) {
            return true;
        }
        if (e instanceof ArrayAccessExpr a) {
            return a.getName() instanceof NameExpr n && ctx.scope().elementClassName(n.getNameAsString())
                    .map(t -> t.equals("Runnable") || t.equals("Callable") || ctx.table().classNamed(t).isPresent())
                    .orElse(false); // new Thread(runners[i]) with Runnable[] runners
        }
        Optional<Expression> wrapped = wrappedTask(e);
        if (wrapped.isPresent()) {
            return isTask(wrapped.get());
        }
        if (e instanceof ObjectCreationExpr o) {
            if (o.getAnonymousClassBody().isPresent()) {
                return true;
            }
            return ctx.table().classNamed(o.getType().getNameWithScope())
                    .map(c -> ctx.table().hierarchy(c).stream().anyMatch(k -> k.superTypes().stream()
                            .anyMatch(t -> t.equals("Runnable") || t.equals("Callable") || t.equals("Thread")
                                    || t.equals("Supplier"))))
                    .orElse(false);
        }
        return e instanceof NameExpr n && ctx.deferredVariable(n.getNameAsString()).isPresent();
    }

    /** The task inside {@code Executors.callable(task)} or {@code ForkJoinTask.adapt(task)}. */
    static Optional<Expression> wrappedTask(Expression e) {
        if (e instanceof MethodCallExpr m && !m.getArguments().isEmpty()
                && (isNamed(m.getScope(), "Executors") && m.getNameAsString().equals("callable")
                || isNamed(m.getScope(), "ForkJoinTask") && m.getNameAsString().equals("adapt"))) {
            return Optional.of(m.getArgument(0));
        }
        return Optional.empty();
    }

    private static boolean isNamed(Optional<Expression> scope, String name) {
        return scope.isPresent() && scope.get().toString().equals(name);
    }

    /** Whether an expression calls nothing, creates nothing and holds no lambda. */
    static boolean isPlain(Node n) {
        return n.findFirst(MethodCallExpr.class).isEmpty() && n.findFirst(ObjectCreationExpr.class).isEmpty()
                && n.findFirst(LambdaExpr.class).isEmpty();
    }

    /** The names of {@code names} that {@code s} mentions. */
    private static Set<String> mentioned(Node s, Set<String> names) {
        Set<String> out = new LinkedHashSet<>();
        if (names.isEmpty()) {
            return out;
        }
        for (NameExpr n : s.findAll(NameExpr.class)) {
            if (names.contains(n.getNameAsString())) {
                out.add(n.getNameAsString());
            }
        }
        return out;
    }

    /** {@code latch.await()} of a {@code CountDownLatch} or {@code phaser.awaitAdvance(...)}: the starter waits for the team. */
    private boolean awaitsLatch(Statement s) {
        return s instanceof ExpressionStmt es && es.getExpression() instanceof MethodCallExpr m
                && (m.getNameAsString().equals("await") || m.getNameAsString().startsWith("arriveAndAwait")
                || m.getNameAsString().equals("awaitAdvance"))
                && m.getScope().orElse(null) instanceof NameExpr x
                && Set.of("CountDownLatch", "Phaser").contains(ctx.scope().className(x.getNameAsString()).orElse(""));
    }

    /** Whether {@code s} calls a waiting method ({@code join}, {@code get()}, {@code awaitTermination}, ...). */
    private static boolean waits(Node s) {
        for (MethodCallExpr m : s.findAll(MethodCallExpr.class)) {
            String name = m.getNameAsString();
            if (WAITS.contains(name) && !(name.equals("get") && m.getArguments().size() == 1)) {
                return true;
            }
        }
        return false;
    }
}

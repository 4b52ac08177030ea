package lcm.javasrc;

import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.stmt.SwitchEntry;
import lcm.structure.Attached;
import lcm.structure.Construct;
import lcm.structure.Routine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the structure inside one expression, in the order Java evaluates it: calls of
 * routines, stream pipelines (loops and parallel loops), {@code forEach} over a collection
 * (a loop), {@code Arrays.parallelSetAll} (a parallel loop), pool calls ({@link PoolCalls}),
 * {@code switch} and {@code ?:} with structure in them (conditionals). A lambda passed to
 * any other method runs where it is written; a lambda stored in a variable runs where the
 * variable is used. An expression with none of these gives no constructs.
 */
final class ExpressionScanner {

    private static final Set<String> ITERATIONS = Set.of("forEach", "forEachOrdered", "forEachRemaining", "replaceAll",
            "removeIf", "setAll");

    private final BodyContext ctx;

    ExpressionScanner(BodyContext ctx) {
        this.ctx = ctx;
    }

    List<Construct> scan(Expression e) {
        if (e instanceof LambdaExpr l) {
            return ctx.body(l.getBody());
        }
        if (e instanceof MethodReferenceExpr r) {
            return ctx.resolver().routine(r).map(name -> List.<Construct>of(ctx.call(r, name))).orElse(List.of());
        }
        if (e instanceof NameExpr n) {
            return ctx.deferredVariable(n.getNameAsString()).map(BodyContext.DeferredTask::body).orElse(List.of());
        }
        if (e instanceof MethodCallExpr m) {
            return call(m);
        }
        if (e instanceof ObjectCreationExpr o) {
            List<Construct> out = new ArrayList<>();
            o.getScope().ifPresent(s -> out.addAll(scan(s)));
            o.getArguments().forEach(a -> out.addAll(scan(a)));
            ctx.resolver().routine(o).ifPresent(name -> out.add(call(o, name, o.getArguments())));
            return out;
        }
        if (e instanceof SwitchExpr s) {
            List<Construct> out = new ArrayList<>(scan(s.getSelector()));
            List<List<Construct>> branches = new ArrayList<>();
            for (SwitchEntry entry : s.getEntries()) {
                branches.add(ctx.statements(entry.getStatements(), JavaPositions.begin(entry), JavaPositions.end(entry)));
            }
            if (branches.stream().anyMatch(Constructs::anyStructure)) {
                out.add(new Construct.Conditional(ctx.positions().span(s), Attached.NONE, branches));
            }
            return out;
        }
        if (e instanceof ConditionalExpr c) {
            List<Construct> out = new ArrayList<>(scan(c.getCondition()));
            List<Construct> then = scan(c.getThenExpr());
            List<Construct> otherwise = scan(c.getElseExpr());
            if (!then.isEmpty() || !otherwise.isEmpty()) {
                out.add(new Construct.Conditional(ctx.positions().span(c), Attached.NONE, List.of(then, otherwise)));
            }
            return out;
        }
        return children(e);
    }

    private List<Construct> call(MethodCallExpr m) {
        Optional<StreamPipeline> pipeline = StreamPipeline.of(m);
        if (pipeline.isPresent()) {
            return pipeline(m, pipeline.get());
        }
        Optional<Construct> pool = new PoolCalls(ctx).of(m);
        if (pool.isPresent()) {
            List<Construct> out = new ArrayList<>();
            m.getScope().ifPresent(s -> out.addAll(scan(s)));
            out.add(pool.get());
            return out;
        }
        Optional<Expression> action = m.getArguments().stream()
                .filter(a -> a instanceof LambdaExpr || a instanceof MethodReferenceExpr).findFirst();
        String name = m.getNameAsString();
        if ((ITERATIONS.contains(name) || name.equals("parallelSetAll")) && action.isPresent()
                && ctx.resolver().routine(m).isEmpty()) {
            return iteration(m, action.get(), name.equals("parallelSetAll"));
        }
        if (name.equals("start") && m.getArguments().isEmpty() && m.getScope().filter(this::isThread).isPresent()) {
            ctx.diagnostics().warning(ctx.positions().at(m), "'" + m + "' starts a thread that lcm reads as serial code"
                    + " here: it is not started and joined in one block in a form lcm recognizes, so its work is not"
                    + " parallel in the DAG (start and join it in one block, or mark the work with"
                    + " '@lcm parallel sections')");
        }
        List<Construct> out = new ArrayList<>();
        Optional<String> runs = m.getScope().filter(s -> s instanceof NameExpr).flatMap(
                s -> ctx.functional().target(ctx.routine(), ((NameExpr) s).getNameAsString()));
        if (runs.isPresent()) {
            m.getArguments().forEach(a -> out.addAll(scan(a)));
            out.add(call(m, runs.get(), m.getArguments()));
            return out;
        }
        m.getScope().ifPresent(s -> out.addAll(scan(s)));
        for (Expression a : m.getArguments()) {
            if (a instanceof LambdaExpr l && ctx.functional().isFollowed(l)) {
                ctx.functional().define(new Routine(FunctionalArguments.lambdaName(ctx.routine(), l, ctx.positions()),
                        Routine.Kind.METHOD, ctx.positions().span(l), Attached.NONE, ctx.body(l.getBody()),
                        ctx.scope().declarations(ctx.positions()),
                        l.getParameters().stream().map(x -> x.getNameAsString()).toList()));
            } else if (!ctx.functional().isFollowed(a)) {
                out.addAll(scan(a));
            }
        }
        ctx.resolver().routine(m).ifPresent(callee -> out.add(call(m, callee, m.getArguments())));
        return out;
    }

    /** {@code list.forEach(x -> ...)}, {@code Arrays.setAll(a, i -> ...)}: a loop; {@code parallelSetAll}: a parallel loop. */
    private List<Construct> iteration(MethodCallExpr m, Expression action, boolean parallel) {
        List<Construct> out = new ArrayList<>();
        m.getScope().ifPresent(s -> out.addAll(scan(s)));
        List<Construct> body = new ArrayList<>();
        for (Expression a : m.getArguments()) {
            (a == action ? body : out).addAll(scan(a));
        }
        String variable = action instanceof LambdaExpr l && !l.getParameters().isEmpty()
                ? l.getParameter(0).getNameAsString() : "";
        String over = m.getArguments().size() > 1 ? m.getArgument(0).toString() : m.getScope().map(Object::toString).orElse("");
        if (parallel) {
            out.add(new Construct.ParallelLoop(ctx.positions().span(m), Attached.NONE, variable, Optional.empty(), over,
                    "Arrays.parallelSetAll", Map.of(), Optional.empty(), body));
        } else {
            out.add(new Construct.Loop(ctx.positions().span(m), Attached.NONE, variable, Optional.empty(), over, body));
        }
        return out;
    }

    private List<Construct> pipeline(MethodCallExpr m, StreamPipeline p) {
        List<Construct> out = new ArrayList<>();
        p.source().getScope().ifPresent(s -> out.addAll(scan(s)));
        p.source().getArguments().forEach(a -> out.addAll(scan(a)));
        List<Construct> body = new ArrayList<>();
        for (MethodCallExpr stage : p.stages()) {
            for (Expression a : stage.getArguments()) {
                body.addAll(scan(a));
            }
        }
        if (p.parallel()) {
            out.add(new Construct.ParallelLoop(ctx.positions().span(m), Attached.NONE, p.variable(), p.trips(),
                    p.boundsText(), p.description(), Map.of(), Optional.empty(), body));
        } else {
            out.add(new Construct.Loop(ctx.positions().span(m), Attached.NONE, p.variable(), p.trips(), p.boundsText(),
                    body));
        }
        return out;
    }

    private Construct.Call call(Node at, String callee, List<Expression> arguments) {
        return new Construct.Call(ctx.positions().span(at), Attached.NONE, callee,
                arguments.stream().map(Object::toString).toList(),
                arguments.stream().map(JavaExpressions::read).toList());
    }

    /** A {@code Thread}: a variable, array element or new object of class Thread or a Thread subclass of the file. */
    private boolean isThread(Expression e) {
        Optional<String> type = e instanceof NameExpr n ? ctx.scope().className(n.getNameAsString())
                : e instanceof ArrayAccessExpr a && a.getName() instanceof NameExpr n
                        ? ctx.scope().elementClassName(n.getNameAsString())
                : e instanceof ObjectCreationExpr o ? Optional.of(o.getType().getNameWithScope())
                : e instanceof EnclosedExpr p ? Optional.<String>empty().or(() -> isThread(p.getInner())
                        ? Optional.of("Thread") : Optional.empty())
                : Optional.empty();
        return type.filter(t -> t.equals("Thread") || ctx.table().classNamed(t).map(c -> ctx.table().hierarchy(c).stream()
                .anyMatch(k -> k.superName().orElse("").equals("Thread"))).orElse(false)).isPresent();
    }

    /** Any other expression: its parts, in source order. */
    private List<Construct> children(Node n) {
        List<Node> parts = new ArrayList<>(n.getChildNodes());
        parts.removeIf(p -> p.getRange().isEmpty());
        parts.sort(Comparator.comparing(JavaPositions::begin));
        List<Construct> out = new ArrayList<>();
        for (Node p : parts) {
            if (p instanceof Expression x) {
                out.addAll(scan(x));
            } else if (p instanceof VariableDeclarator v) {
                v.getInitializer().ifPresent(i -> out.addAll(scan(i)));
            } else if (!(p instanceof BodyDeclaration<?>)) {
                out.addAll(children(p));
            }
        }
        return out;
    }
}

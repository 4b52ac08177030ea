package lcm.javasrc;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.Statement;
import lcm.annotation.Annotation;
import lcm.source.Diagnostics;
import lcm.source.SourceSpan;
import lcm.structure.AttachRule;
import lcm.structure.Attached;
import lcm.structure.Construct;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything the builders of one method body share: where things are, the annotations still to
 * attach, the method table and call resolution, the method's variables, and the tasks written
 * down for later ({@code Runnable r = () -> ...}, {@code tasks.add(() -> ...)}).
 */
final class BodyContext {

    /** A task written in one place and run in another: its constructs are built where it is written. */
    record DeferredTask(SourceSpan span, Attached attached, List<Construct> body, Optional<Statement> loop) {
    }

    private static final Set<String> TASK_METHODS = Set.of("run", "call", "get", "compute", "accept", "apply");

    private final JavaPositions positions;
    private final Diagnostics diagnostics;
    private final AnnotationQueue queue;
    private final MethodTable table;
    private final MethodTable.ClassInfo owner;
    private final String routine;
    private final VariableScope scope;
    private final CallResolver resolver;
    private final FunctionalArguments functional;
    private final Map<String, DeferredTask> deferredVariables = new HashMap<>();
    private final Map<String, List<DeferredTask>> deferredCollections = new HashMap<>();

    BodyContext(JavaPositions positions, Diagnostics diagnostics, AnnotationQueue queue, MethodTable table,
                MethodTable.ClassInfo owner, String routine, VariableScope scope, CallResolver resolver,
                FunctionalArguments functional) {
        this.functional = functional;
        this.positions = positions;
        this.diagnostics = diagnostics;
        this.queue = queue;
        this.table = table;
        this.owner = owner;
        this.routine = routine;
        this.scope = scope;
        this.resolver = resolver;
    }

    JavaPositions positions() {
        return positions;
    }

    Diagnostics diagnostics() {
        return diagnostics;
    }

    AnnotationQueue queue() {
        return queue;
    }

    MethodTable table() {
        return table;
    }

    MethodTable.ClassInfo owner() {
        return owner;
    }

    String routine() {
        return routine;
    }

    VariableScope scope() {
        return scope;
    }

    CallResolver resolver() {
        return resolver;
    }

    FunctionalArguments functional() {
        return functional;
    }

    // ------------------------------------------------------------------ building

    List<Construct> block(BlockStmt block) {
        return statements(block.getStatements(), JavaPositions.begin(block), JavaPositions.end(block));
    }

    /** A statement used as a body (of a loop, a branch, a lambda): a block, or one statement. */
    List<Construct> body(Statement s) {
        if (s instanceof BlockStmt b) {
            return block(b);
        }
        return statements(List.of(s), JavaPositions.begin(s), JavaPositions.end(s));
    }

    List<Construct> statements(List<? extends Statement> statements, Position from, Position to) {
        return new BlockBuilder(this).build(statements, from, to);
    }

    List<Construct> statement(Statement s) {
        return new StatementConverter(this).convert(s);
    }

    List<Construct> expression(Expression e) {
        return new ExpressionScanner(this).scan(e);
    }

    /**
     * The constructs a task runs: a lambda's body, a method reference's call, the run method of
     * an anonymous or declared Runnable/Callable/Thread class, a task written down earlier, the
     * task wrapped by {@code Executors.callable} or {@code ForkJoinTask.adapt}.
     * A task whose code lcm cannot see is one plain statement.
     */
    List<Construct> taskBody(Expression task) {
        Optional<Expression> wrapped = TaskPatterns.wrappedTask(task);
        if (wrapped.isPresent()) {
            return taskBody(wrapped.get());
        }
        if (task instanceof LambdaExpr l) {
            return body(l.getBody());
        }
        if (task instanceof MethodReferenceExpr r) {
            return resolver.routine(r).map(name -> List.<Construct>of(call(r, name))).orElse(List.of());
        }
        if (task instanceof NameExpr n && deferredVariables.containsKey(n.getNameAsString())) {
            return deferredVariables.get(n.getNameAsString()).body();
        }
        if (task instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
            for (BodyDeclaration<?> member : o.getAnonymousClassBody().get()) {
                if (member instanceof MethodDeclaration m && TASK_METHODS.contains(m.getNameAsString())
                        && m.getBody().isPresent()) {
                    return block(m.getBody().get());
                }
            }
        }
        if (task instanceof ObjectCreationExpr o) {
            Optional<MethodTable.ClassInfo> c = table.classNamed(o.getType().getNameWithScope());
            if (c.isPresent()) {
                List<Construct> out = new ArrayList<>(expression(o));
                for (String method : List.of("run", "call", "get", "compute")) {
                    Optional<MethodTable.Resolution> r = table.resolve(method, table.hierarchy(c.get()), 0);
                    if (r.isPresent()) {
                        out.add(call(o, r.get().method().routine()));
                        return out;
                    }
                }
            }
        }
        return List.of(new Construct.Simple(positions.span(task), Attached.NONE));
    }

    Construct.Call call(Node at, String callee) {
        return new Construct.Call(positions.span(at), Attached.NONE, callee, List.of());
    }

    /** Annotations inside {@code node} that nothing inside it took; they attach to the construct {@code node} makes. */
    Attached leftovers(Node node) {
        List<Annotation> out = new ArrayList<>();
        for (Annotation a : queue.take(JavaPositions.begin(node), JavaPositions.end(node))) {
            if (AttachRule.actsInPlace(a)) {
                AttachRule.notBetweenStatements(diagnostics, a, "inside one");
            } else {
                out.add(a);
            }
        }
        return out.isEmpty() ? Attached.NONE : new Attached(out);
    }

    // ------------------------------------------------------------------ deferred tasks

    void deferVariable(String name, DeferredTask task) {
        deferredVariables.put(name, task);
    }

    void deferIntoCollection(String collection, DeferredTask task) {
        deferredCollections.computeIfAbsent(collection, k -> new ArrayList<>()).add(task);
    }

    Optional<DeferredTask> deferredVariable(String name) {
        return Optional.ofNullable(deferredVariables.get(name));
    }

    List<DeferredTask> deferredCollection(String name) {
        return deferredCollections.getOrDefault(name, List.of());
    }

    boolean isTaskCollection(String name) {
        return deferredCollections.containsKey(name) || scope.typeArguments(name).stream()
                .anyMatch(t -> t.startsWith("Callable") || t.startsWith("Runnable") || t.startsWith("Supplier")
                        || t.contains("ForkJoinTask") || t.startsWith("Recursive"));
    }
}

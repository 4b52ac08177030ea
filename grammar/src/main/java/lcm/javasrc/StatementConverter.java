package lcm.javasrc;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import lcm.source.SourceSpan;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.AssertStmt;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.EmptyStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import com.github.javaparser.Position;
import lcm.annotation.Annotation;
import lcm.structure.Attached;
import lcm.structure.BranchProbabilities;
import lcm.structure.Construct;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Optional;

/**
 * Turns one Java statement into constructs: {@code for}/{@code while}/{@code do}/for-each
 * loops are serial loops, {@code if} and {@code switch} are conditionals, {@code synchronized}
 * is a block, nested blocks and {@code try} are inlined (the try block, then the finally
 * block; a catch block is an exceptional path and not part of the structure, and lcm warns
 * when one holds structure), and any other statement is what its expressions hold
 * ({@link ExpressionScanner}) or one plain statement. {@code break}, {@code continue},
 * {@code return} of nothing or of a variable or constant, local class declarations and
 * declarations without initializers make nothing.
 * Structure in a loop header runs with the loop: the initialization before it, the condition
 * at the start of its body (the end, for {@code do}), the update at the end.
 */
final class StatementConverter {

    private final BodyContext ctx;

    StatementConverter(BodyContext ctx) {
        this.ctx = ctx;
    }

    private static final Set<String> BARRIERS = Set.of("CyclicBarrier", "Phaser");
    private static final Set<String> BARRIER_WAITS = Set.of("await", "arriveAndAwaitAdvance", "awaitAdvance");

    /**
     * {@code barrier.await()} of a {@code CyclicBarrier}, {@code phaser.arriveAndAwaitAdvance()}:
     * the team meets there, as at {@code !$omp barrier}; a synchronization point, no work.
     */
    private boolean isTeamSynchronization(Expression e) {
        return e instanceof MethodCallExpr m && BARRIER_WAITS.contains(m.getNameAsString())
                && m.getScope().orElse(null) instanceof NameExpr x
                && BARRIERS.contains(ctx.scope().className(x.getNameAsString()).orElse(""));
    }

    List<Construct> convert(Statement s) {
        if (s instanceof BlockStmt b) {
            return ctx.block(b);
        }
        if (s instanceof ExpressionStmt e) {
            if (e.getExpression() instanceof VariableDeclarationExpr d
                    && d.getVariables().stream().allMatch(v -> v.getInitializer().isEmpty())) {
                return List.of();
            }
            if (isTeamSynchronization(e.getExpression())) {
                return List.of(new Construct.Barrier(span(s), Attached.NONE));
            }
            return orSimple(ctx.expression(e.getExpression()), s);
        }
        if (s instanceof ForStmt f) {
            return forLoop(f);
        }
        if (s instanceof ForEachStmt f) {
            List<Construct> out = new ArrayList<>(ctx.expression(f.getIterable()));
            out.add(new Construct.Loop(span(s), Attached.NONE, f.getVariable().getVariable(0).getNameAsString(),
                    Optional.empty(), f.getIterable().toString(), ctx.body(f.getBody())));
            return out;
        }
        if (s instanceof WhileStmt w) {
            return List.of(conditionLoop(s, w.getCondition(), w.getBody(), true));
        }
        if (s instanceof DoStmt d) {
            return List.of(conditionLoop(s, d.getCondition(), d.getBody(), false));
        }
        if (s instanceof IfStmt i) {
            return conditional(i);
        }
        if (s instanceof SwitchStmt sw) {
            List<Construct> out = new ArrayList<>(ctx.expression(sw.getSelector()));
            BranchProbabilities given = new BranchProbabilities(ctx.diagnostics());
            Position gapFrom = JavaPositions.end(sw.getSelector());
            for (SwitchEntry entry : sw.getEntries()) {
                given.giveAll(probabilities(gapFrom, JavaPositions.begin(entry), Integer.MAX_VALUE));
                Position inside = entry.getStatements().isEmpty() ? JavaPositions.end(entry)
                        : JavaPositions.begin(entry.getStatements().get(0));
                given.giveAll(probabilities(JavaPositions.begin(entry), inside, 1));
                gapFrom = entry.getStatements().isEmpty() ? JavaPositions.begin(entry)
                        : JavaPositions.end(entry.getStatements().getLast().get());
                given.next();
            }
            List<List<Construct>> branches = new ArrayList<>();
            for (SwitchEntry entry : sw.getEntries()) {
                branches.add(ctx.statements(entry.getStatements(), JavaPositions.begin(entry), JavaPositions.end(entry)));
            }
            out.add(new Construct.Conditional(span(s), Attached.NONE, branches, given.branches()));
            return out;
        }
        if (s instanceof TryStmt t) {
            return tryStatement(t);
        }
        if (s instanceof SynchronizedStmt sy) {
            List<Construct> out = new ArrayList<>(ctx.expression(sy.getExpression()));
            out.add(new Construct.Block(span(s), Attached.NONE, "synchronized", ctx.block(sy.getBody())));
            return out;
        }
        if (s instanceof LabeledStmt l) {
            return convert(l.getStatement());
        }
        if (s instanceof ReturnStmt r) {
            return r.getExpression().filter(x -> !isValue(x)).map(x -> orSimple(ctx.expression(x), s))
                    .orElse(List.of());
        }
        if (s instanceof ThrowStmt t) {
            return orSimple(ctx.expression(t.getExpression()), s);
        }
        if (s instanceof YieldStmt y) {
            return orSimple(ctx.expression(y.getExpression()), s);
        }
        if (s instanceof ExplicitConstructorInvocationStmt c) {
            return orSimple(constructorCall(c), s);
        }
        if (s instanceof BreakStmt || s instanceof ContinueStmt || s instanceof EmptyStmt
                || s instanceof LocalClassDeclarationStmt || s instanceof LocalRecordDeclarationStmt) {
            return List.of();
        }
        if (s instanceof AssertStmt a) {
            return orSimple(ctx.expression(a.getCheck()), s);
        }
        return List.of(new Construct.Simple(span(s), Attached.NONE));
    }

    private List<Construct> forLoop(ForStmt f) {
        List<Construct> out = new ArrayList<>();
        for (Expression init : f.getInitialization()) {
            out.addAll(ctx.expression(init));
        }
        List<Construct> body = new ArrayList<>();
        f.getCompare().ifPresent(c -> body.addAll(ctx.expression(c)));
        body.addAll(ctx.body(f.getBody()));
        for (Expression u : f.getUpdate()) {
            body.addAll(ctx.expression(u));
        }
        LoopHeader h = LoopHeader.of(f);
        out.add(new Construct.Loop(span(f), Attached.NONE, h.variable(), h.trips(), h.boundsText(), body));
        return out;
    }

    /** A while loop tests before each iteration, a do loop after. */
    private Construct conditionLoop(Statement s, Expression condition, Statement bodyStatement, boolean testFirst) {
        List<Construct> body = new ArrayList<>();
        if (testFirst) {
            body.addAll(ctx.expression(condition));
        }
        body.addAll(ctx.body(bodyStatement));
        if (!testFirst) {
            body.addAll(ctx.expression(condition));
        }
        return new Construct.Loop(span(s), Attached.NONE, "", Optional.empty(), condition.toString(), body);
    }

    /** {@code if / else if / else}: one conditional, one branch each; an else-if's condition starts its branch. */
    private List<Construct> conditional(IfStmt first) {
        BranchProbabilities given = branchProbabilities(first);
        List<Construct> out = new ArrayList<>(ctx.expression(first.getCondition()));
        List<List<Construct>> branches = new ArrayList<>();
        branches.add(ctx.body(first.getThenStmt()));
        Optional<Statement> next = first.getElseStmt();
        while (next.isPresent()) {
            if (next.get() instanceof IfStmt elseIf) {
                List<Construct> branch = new ArrayList<>(ctx.expression(elseIf.getCondition()));
                branch.addAll(ctx.body(elseIf.getThenStmt()));
                branches.add(branch);
                next = elseIf.getElseStmt();
            } else {
                branches.add(ctx.body(next.get()));
                next = Optional.empty();
            }
        }
        out.add(new Construct.Conditional(span(first), Attached.NONE, branches, given.branches()));
        return out;
    }

    /**
     * The {@code probability:} lines of each branch of an {@code if / else if / else} chain, taken
     * before any branch is built (a line just before {@code else} stands inside the branch before):
     * the first one on the first lines inside a branch's braces, and those between the branch
     * before's last statement and the {@code else}.
     */
    private BranchProbabilities branchProbabilities(IfStmt first) {
        BranchProbabilities given = new BranchProbabilities(ctx.diagnostics());
        given.giveAll(firstInside(first.getThenStmt()));
        Position gapFrom = lastInside(first.getThenStmt());
        given.next();
        Optional<Statement> next = first.getElseStmt();
        while (next.isPresent()) {
            given.giveAll(probabilities(gapFrom, JavaPositions.begin(next.get()), Integer.MAX_VALUE));
            Statement body = next.get() instanceof IfStmt elseIf ? elseIf.getThenStmt() : next.get();
            given.giveAll(firstInside(body));
            gapFrom = lastInside(body);
            given.next();
            next = next.get() instanceof IfStmt elseIf ? elseIf.getElseStmt() : Optional.empty();
        }
        return given;
    }

    /** A {@code probability:} that is the first annotation inside a braced branch (any later one waits for a construct). */
    private List<Annotation> firstInside(Statement body) {
        if (!(body instanceof BlockStmt block)) {
            return List.of();
        }
        Position to = block.getStatements().isEmpty() ? JavaPositions.end(block)
                : JavaPositions.begin(block.getStatements().get(0));
        boolean[] first = {true};
        return ctx.queue().takeIf(JavaPositions.begin(block), to, a -> {
            boolean take = first[0] && a instanceof Annotation.Probability;
            first[0] = false;
            return take;
        }, 1);
    }

    /** Where a branch's own code ends: its last statement's end (its opening brace when it has none). */
    private static Position lastInside(Statement body) {
        if (body instanceof BlockStmt block) {
            return block.getStatements().isEmpty() ? JavaPositions.begin(block)
                    : JavaPositions.end(block.getStatements().getLast().get());
        }
        return JavaPositions.end(body);
    }

    private List<Annotation> probabilities(Position from, Position to, int limit) {
        return ctx.queue().takeIf(from, to, a -> a instanceof Annotation.Probability, limit);
    }

    private List<Construct> tryStatement(TryStmt t) {
        List<Construct> out = new ArrayList<>();
        for (Expression r : t.getResources()) {
            out.addAll(ctx.expression(r));
        }
        out.addAll(ctx.block(t.getTryBlock()));
        for (CatchClause c : t.getCatchClauses()) {
            if (Constructs.anyStructure(ctx.block(c.getBody()))) {
                ctx.diagnostics().warning(ctx.positions().at(c),
                        "this catch block holds structure (calls, parallel code) that lcm leaves out: "
                                + "catch blocks are exceptional paths");
            }
        }
        t.getFinallyBlock().ifPresent(f -> out.addAll(ctx.block(f)));
        return out;
    }

    private List<Construct> constructorCall(ExplicitConstructorInvocationStmt c) {
        List<Construct> out = new ArrayList<>();
        c.getArguments().forEach(a -> out.addAll(ctx.expression(a)));
        Optional<MethodTable.ClassInfo> target = c.isThis() ? Optional.of(ctx.owner())
                : ctx.owner().superName().flatMap(ctx.table()::classNamed);
        target.flatMap(k -> ctx.table().constructor(k, c.getArguments().size()))
                .ifPresent(r -> out.add(new Construct.Call(span(c), Attached.NONE, r.method().routine(),
                        c.getArguments().stream().map(Object::toString).toList(),
                        c.getArguments().stream().map(JavaExpressions::read).toList())));
        return out;
    }

    /** A variable, field or constant: returning one does no work. */
    private static boolean isValue(Expression e) {
        return e instanceof NameExpr || e instanceof LiteralExpr
                || e instanceof ThisExpr
                || e instanceof FieldAccessExpr f && isValue(f.getScope());
    }

    private List<Construct> orSimple(List<Construct> found, Statement s) {
        return found.isEmpty() ? List.of(new Construct.Simple(span(s), Attached.NONE)) : found;
    }

    private SourceSpan span(Node n) {
        return ctx.positions().span(n);
    }
}

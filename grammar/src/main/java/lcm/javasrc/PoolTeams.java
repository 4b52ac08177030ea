package lcm.javasrc;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The team of a fixed-size pool: the number of threads a pool was created with, which the
 * tasks it runs share, as OpenMP's {@code num_threads(k)} fixes a region's team
 * (docs/java-frontend.md#6-parallel-constructs-recognized-in-the-code). A pool is created by
 * {@code Executors.newFixedThreadPool(k)}, {@code Executors.newWorkStealingPool(k)},
 * {@code Executors.newSingleThreadExecutor()} (k = 1), {@code new ForkJoinPool(k)} or
 * {@code new ThreadPoolExecutor(k, k, ...)}, used where it is created or through a variable or
 * field it is stored in (its initializer, or an assignment in the method or in a constructor of
 * the class). Pools of no fixed size ({@code newCachedThreadPool()}, {@code new ForkJoinPool()},
 * the common pool) have no team: their tasks get the processors the default rules give them.
 */
final class PoolTeams {

    private PoolTeams() {
    }

    /** The team of the pool {@code pool} names, if it was created with a fixed size lcm can read. */
    static Optional<Expr> of(Expression pool) {
        if (pool instanceof EnclosedExpr e) {
            return of(e.getInner());
        }
        if (pool instanceof NameExpr n) {
            return stored(pool, n.getNameAsString());
        }
        if (pool instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
            return stored(pool, f.getNameAsString());
        }
        return created(pool);
    }

    /** The team of the first of {@code names} (handles of tasks, one of them may be their pool) that is a pool. */
    static Optional<Expr> ofHandles(Node at, Collection<String> names) {
        for (String name : names) {
            Optional<Expr> team = stored(at, name);
            if (team.isPresent()) {
                return team;
            }
        }
        return Optional.empty();
    }

    /** The size a pool creation fixes. */
    private static Optional<Expr> created(Expression e) {
        if (e instanceof EnclosedExpr en) {
            return created(en.getInner());
        }
        if (e instanceof MethodCallExpr m && m.getScope().map(Object::toString).orElse("").endsWith("Executors")) {
            return switch (m.getNameAsString()) {
                case "newFixedThreadPool", "newWorkStealingPool", "newScheduledThreadPool" ->
                        m.getArguments().isEmpty() ? Optional.empty() : JavaExpressions.read(m.getArgument(0));
                case "newSingleThreadExecutor", "newSingleThreadScheduledExecutor" -> Optional.of(Expr.num(1));
                default -> Optional.empty();
            };
        }
        if (e instanceof ObjectCreationExpr o && !o.getArguments().isEmpty()) {
            String type = o.getType().getNameAsString();
            if (type.equals("ForkJoinPool")) {
                return JavaExpressions.read(o.getArgument(0));
            }
            if (type.equals("ThreadPoolExecutor") && o.getArguments().size() > 1
                    && o.getArgument(0).toString().equals(o.getArgument(1).toString())) {
                return JavaExpressions.read(o.getArgument(0));
            }
        }
        return Optional.empty();
    }

    /** The size of the pool a variable or field holds: its initializer, or what the method or a constructor assigns. */
    private static Optional<Expr> stored(Node at, String name) {
        List<Expression> values = new ArrayList<>();
        Optional<CallableDeclaration> method = at.findAncestor(CallableDeclaration.class);
        method.ifPresent(m -> collect(m, name, values, false));
        Optional<TypeDeclaration> type = at.findAncestor(TypeDeclaration.class);
        while (type.isPresent()) {
            TypeDeclaration<?> t = type.get();
            for (Object member : t.getMembers()) {
                if (member instanceof FieldDeclaration f) {
                    f.getVariables().stream().filter(v -> v.getNameAsString().equals(name))
                            .forEach(v -> v.getInitializer().ifPresent(values::add));
                }
            }
            collect(t, name, values, true);
            type = t.findAncestor(TypeDeclaration.class);
        }
        for (Expression v : values) {
            Optional<Expr> team = created(v);
            if (team.isPresent()) {
                return team;
            }
        }
        return Optional.empty();
    }

    private static void collect(Node within, String name, List<Expression> values, boolean fieldsOnly) {
        if (!fieldsOnly) {
            within.findAll(VariableDeclarator.class).stream().filter(v -> v.getNameAsString().equals(name))
                    .forEach(v -> v.getInitializer().ifPresent(values::add));
        }
        for (AssignExpr a : within.findAll(AssignExpr.class)) {
            Expression target = a.getTarget();
            boolean named = fieldsOnly
                    ? target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name)
                            || target instanceof NameExpr n && n.getNameAsString().equals(name)
                    : target instanceof NameExpr n && n.getNameAsString().equals(name);
            if (named && a.getOperator() == AssignExpr.Operator.ASSIGN) {
                values.add(a.getValue());
            }
        }
    }
}

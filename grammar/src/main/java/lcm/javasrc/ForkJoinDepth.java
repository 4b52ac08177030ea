package lcm.javasrc;

import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import lcm.expr.Expr;
import lcm.expr.Fn;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The recursion of a fork/join task that halves its range until a threshold:
 * {@code if (hi - lo <= THRESHOLD) direct(); else invokeAll(new T(lo, mid), new T(mid, hi));}
 * invoked as {@code pool.invoke(new T(0, n))} splits {@code ceil(log2(n/THRESHOLD))} levels
 * deep into {@code 2^depth} leaf tasks. The size is the guard's expression over the task's
 * fields with the constructor's arguments put in for them; the threshold is a number, a
 * {@code static final} constant of the class, or a name.
 */
final class ForkJoinDepth {

    /** The depth and the number of leaf tasks; the size and threshold as read. */
    record Split(Expr depth, Expr leaves, String size, String threshold) {
    }

    private ForkJoinDepth() {
    }

    /** The split of {@code new T(args)} for task class {@code type}, if its {@code compute()} halves a range. */
    static Optional<Split> of(TypeDeclaration<?> type, ObjectCreationExpr creation) {
        Optional<MethodDeclaration> compute = type.getMethodsByName("compute").stream()
                .filter(m -> m.getParameters().isEmpty() && m.getBody().isPresent()).findFirst();
        if (compute.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Expression> fields = fieldArguments(type, creation);
        for (IfStmt guard : compute.get().findAll(IfStmt.class)) {
            if (!(unparenthesized(guard.getCondition()) instanceof BinaryExpr b) || !splits(guard)) {
                continue;
            }
            Expression size;
            Expression threshold;
            switch (b.getOperator()) {
                case LESS, LESS_EQUALS, GREATER, GREATER_EQUALS -> {
                    boolean leftIsSize = mentionsFields(locals(b.getLeft(), compute.get()), fields);
                    size = leftIsSize ? b.getLeft() : b.getRight();
                    threshold = leftIsSize ? b.getRight() : b.getLeft();
                }
                default -> {
                    continue;
                }
            }
            if (!mentionsFields(locals(size, compute.get()), fields) || mentionsFields(threshold, fields)
                    || usesLocals(locals(size, compute.get()), compute.get())) {
                continue;
            }
            Optional<Expr> n = JavaExpressions.read(substitute(locals(size, compute.get()), fields))
                    .map(ForkJoinDepth::folded);
            Optional<Expr> t = JavaExpressions.read(constant(type, threshold));
            if (n.isEmpty() || t.isEmpty()) {
                continue;
            }
            Expr depth = Expr.call(Fn.CEIL, Expr.call(Fn.LOG2, Expr.div(n.get(), t.get())));
            return Optional.of(new Split(depth, Expr.pow(Expr.num(2), depth), n.get().text(), t.get().text()));
        }
        return Optional.empty();
    }

    /** Whether one branch of the guard forks or invokes new tasks (the other does the work). */
    private static boolean splits(IfStmt guard) {
        List<Statement> branches = guard.getElseStmt().map(e -> List.of(guard.getThenStmt(), e))
                .orElse(List.of(guard.getThenStmt()));
        return branches.stream().anyMatch(s -> s.findAll(MethodCallExpr.class).stream()
                .anyMatch(m -> m.getNameAsString().equals("invokeAll") || m.getNameAsString().equals("fork")))
                || guard.getParentNode().map(p -> p.findAll(MethodCallExpr.class).stream()
                .anyMatch(m -> m.getNameAsString().equals("invokeAll") || m.getNameAsString().equals("fork")))
                .orElse(false);
    }

    /** {@code int length = end - start; if (length <= T)}: a local of compute() is its initializer. */
    private static Expression locals(Expression e, MethodDeclaration compute) {
        Map<String, Expression> init = new HashMap<>();
        for (VariableDeclarator v : compute.findAll(VariableDeclarator.class)) {
            v.getInitializer().ifPresent(x -> init.putIfAbsent(v.getNameAsString(), x));
        }
        Expression copy = e.clone();
        if (copy instanceof NameExpr n && init.containsKey(n.getNameAsString())) {
            return new EnclosedExpr(init.get(n.getNameAsString()).clone());
        }
        for (NameExpr n : copy.findAll(NameExpr.class)) {
            if (init.containsKey(n.getNameAsString())) {
                n.replace(new EnclosedExpr(init.get(n.getNameAsString()).clone()));
            }
        }
        return copy;
    }

    /**
     * Whether a local of compute() is still in the size after one level of expansion
     * ({@code c} in {@code (c - l) * c}): such a size is not the task's fields, so lcm cannot read it.
     */
    private static boolean usesLocals(Expression size, MethodDeclaration compute) {
        List<String> locals = compute.findAll(VariableDeclarator.class).stream().map(VariableDeclarator::getNameAsString)
                .toList();
        return size.findAll(NameExpr.class).stream().anyMatch(n -> locals.contains(n.getNameAsString()));
    }

    /** Field name -> the argument of {@code creation} its constructor assigns to it. */
    private static Map<String, Expression> fieldArguments(TypeDeclaration<?> type, ObjectCreationExpr creation) {
        Map<String, Expression> out = new HashMap<>();
        for (ConstructorDeclaration c : type.getConstructors()) {
            if (c.getParameters().size() != creation.getArguments().size()) {
                continue;
            }
            Map<String, Expression> byParameter = new HashMap<>();
            for (int i = 0; i < c.getParameters().size(); i++) {
                Parameter p = c.getParameter(i);
                byParameter.put(p.getNameAsString(), creation.getArgument(i));
            }
            for (ExpressionStmt s : c.getBody().findAll(ExpressionStmt.class)) {
                if (s.getExpression() instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN
                        && a.getValue() instanceof NameExpr v && byParameter.containsKey(v.getNameAsString())) {
                    fieldName(a.getTarget()).ifPresent(f -> out.put(f, byParameter.get(v.getNameAsString())));
                }
            }
            break;
        }
        return out;
    }

    private static Optional<String> fieldName(Expression target) {
        if (target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
            return Optional.of(f.getNameAsString());
        }
        return target instanceof NameExpr n ? Optional.of(n.getNameAsString()) : Optional.empty();
    }

    private static boolean mentionsFields(Expression e, Map<String, Expression> fields) {
        return e.findAll(NameExpr.class).stream().anyMatch(n -> fields.containsKey(n.getNameAsString()))
                || e.findAll(FieldAccessExpr.class).stream()
                .anyMatch(f -> f.getScope() instanceof ThisExpr && fields.containsKey(f.getNameAsString()));
    }

    /** {@code e} with each field replaced by the constructor argument assigned to it, in parentheses. */
    private static Expression substitute(Expression e, Map<String, Expression> fields) {
        Expression copy = e.clone();
        if (copy instanceof NameExpr n && fields.containsKey(n.getNameAsString())) {
            return new EnclosedExpr(fields.get(n.getNameAsString()).clone());
        }
        for (FieldAccessExpr f : copy.findAll(FieldAccessExpr.class)) {
            if (f.getScope() instanceof ThisExpr && fields.containsKey(f.getNameAsString())) {
                f.replace(new EnclosedExpr(fields.get(f.getNameAsString()).clone()));
            }
        }
        for (NameExpr n : copy.findAll(NameExpr.class)) {
            if (fields.containsKey(n.getNameAsString())) {
                n.replace(new EnclosedExpr(fields.get(n.getNameAsString()).clone()));
            }
        }
        return copy;
    }

    /** A {@code static final} constant of the class with a literal value is that value. */
    private static Expression constant(TypeDeclaration<?> type, Expression threshold) {
        if (threshold instanceof NameExpr n) {
            for (FieldDeclaration f : type.getFields()) {
                if (f.isStatic() && f.isFinal()) {
                    for (var v : f.getVariables()) {
                        if (v.getNameAsString().equals(n.getNameAsString()) && v.getInitializer().isPresent()
                                && v.getInitializer().get().isLiteralExpr()) {
                            return v.getInitializer().get();
                        }
                    }
                }
            }
        }
        return threshold;
    }

    /** {@code (n) - (0)} is {@code n}: the size reads like the call that starts the recursion. */
    private static Expr folded(Expr e) {
        if (e instanceof Expr.Bin b && b.op() == Expr.Op.SUB) {
            return JavaExpressions.minus(folded(b.left()), folded(b.right()));
        }
        return e;
    }

    private static Expression unparenthesized(Expression e) {
        while (e instanceof EnclosedExpr en) {
            e = en.getInner();
        }
        return e;
    }
}

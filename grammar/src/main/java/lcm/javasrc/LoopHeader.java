package lcm.javasrc;

import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ForStmt;
import lcm.expr.Expr;
import lcm.expr.Fn;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * What lcm reads from a counted loop: its variable, its trip count when the bounds give one,
 * and the bounds as written. {@code for (int i = a; i < b; i++)} runs {@code b - a} times,
 * {@code i <= b} runs {@code b - a + 1}, counting down ({@code i = b; i >= a; i--}) likewise,
 * a constant or symbolic step {@code s} gives {@code ceil((b - a)/s)} ({@code <}) or
 * {@code floor((b - a)/s) + 1} ({@code <=}). Constants are folded so counts read like the
 * source: {@code range(0, n)} is {@code n}, {@code i <= n - 1} from 0 is {@code n}.
 */
record LoopHeader(String variable, Optional<Expr> trips, String boundsText) {

    /** The header of a {@code for} statement. */
    static LoopHeader of(ForStmt f) {
        String text = f.getInitialization().toString().replaceAll("^\\[|]$", "") + "; "
                + f.getCompare().map(Object::toString).orElse("") + "; "
                + f.getUpdate().toString().replaceAll("^\\[|]$", "");
        if (f.getInitialization().size() != 1 || f.getCompare().isEmpty() || f.getUpdate().size() != 1) {
            return new LoopHeader(variableOf(f), Optional.empty(), text);
        }
        String v = variableOf(f);
        Optional<Expr> lo = start(f.getInitialization().get(0));
        Optional<Expr> step = step(f.getUpdate().get(0), v);
        if (v.isEmpty() || lo.isEmpty() || step.isEmpty() || !(f.getCompare().get() instanceof BinaryExpr cmp)) {
            return new LoopHeader(v, Optional.empty(), text);
        }
        return new LoopHeader(v, count(cmp, v, lo.get(), step.get()), text);
    }

    /** The trip count of {@code range(lo, hi)} ({@code closed}: {@code rangeClosed}). */
    static Optional<Expr> range(Expression lo, Expression hi, boolean closed) {
        Optional<Expr> a = JavaExpressions.read(lo);
        Optional<Expr> b = JavaExpressions.read(hi);
        if (a.isEmpty() || b.isEmpty()) {
            return Optional.empty();
        }
        Expr diff = JavaExpressions.minus(b.get(), a.get());
        return Optional.of(closed ? JavaExpressions.plus(diff, BigDecimal.ONE) : diff);
    }

    private static String variableOf(ForStmt f) {
        if (f.getInitialization().size() != 1) {
            return "";
        }
        Expression init = f.getInitialization().get(0);
        if (init instanceof VariableDeclarationExpr d && d.getVariables().size() == 1) {
            return d.getVariable(0).getNameAsString();
        }
        if (init instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN
                && a.getTarget() instanceof NameExpr n) {
            return n.getNameAsString();
        }
        return "";
    }

    private static Optional<Expr> start(Expression init) {
        if (init instanceof VariableDeclarationExpr d && d.getVariables().size() == 1) {
            return d.getVariable(0).getInitializer().flatMap(JavaExpressions::read);
        }
        if (init instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN) {
            return JavaExpressions.read(a.getValue());
        }
        return Optional.empty();
    }

    /** The signed step of the update expression: {@code i++} is 1, {@code i -= 2} is -2. */
    private static Optional<Expr> step(Expression update, String v) {
        if (update instanceof UnaryExpr u && isVariable(u.getExpression(), v)) {
            return switch (u.getOperator()) {
                case POSTFIX_INCREMENT, PREFIX_INCREMENT -> Optional.of(Expr.num(1));
                case POSTFIX_DECREMENT, PREFIX_DECREMENT -> Optional.of(Expr.num(-1));
                default -> Optional.empty();
            };
        }
        if (update instanceof AssignExpr a && isVariable(a.getTarget(), v)) {
            if (a.getOperator() == AssignExpr.Operator.PLUS) {
                return JavaExpressions.read(a.getValue());
            }
            if (a.getOperator() == AssignExpr.Operator.MINUS) {
                return JavaExpressions.read(a.getValue()).map(JavaExpressions::negate);
            }
            if (a.getOperator() == AssignExpr.Operator.ASSIGN && a.getValue() instanceof BinaryExpr b
                    && isVariable(b.getLeft(), v)) {
                if (b.getOperator() == BinaryExpr.Operator.PLUS) {
                    return JavaExpressions.read(b.getRight());
                }
                if (b.getOperator() == BinaryExpr.Operator.MINUS) {
                    return JavaExpressions.read(b.getRight()).map(JavaExpressions::negate);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Expr> count(BinaryExpr cmp, String v, Expr lo, Expr step) {
        BinaryExpr.Operator op = cmp.getOperator();
        Expression bound;
        if (isVariable(cmp.getLeft(), v)) {
            bound = cmp.getRight();
        } else if (isVariable(cmp.getRight(), v)) {
            bound = cmp.getLeft();
            op = mirrored(op);
        } else {
            return Optional.empty();
        }
        Optional<Expr> limit = JavaExpressions.read(bound);
        if (limit.isEmpty() || op == null) {
            return Optional.empty();
        }
        boolean up = isPositive(step);
        boolean down = isNegative(step);
        Expr hi;
        Expr lower;
        Expr stride;
        boolean inclusive;
        if ((op == BinaryExpr.Operator.LESS || op == BinaryExpr.Operator.LESS_EQUALS) && !down) {
            hi = limit.get();
            lower = lo;
            stride = step;
            inclusive = op == BinaryExpr.Operator.LESS_EQUALS;
        } else if ((op == BinaryExpr.Operator.GREATER || op == BinaryExpr.Operator.GREATER_EQUALS) && !up) {
            hi = lo;
            lower = limit.get();
            stride = JavaExpressions.negate(step);
            inclusive = op == BinaryExpr.Operator.GREATER_EQUALS;
        } else {
            return Optional.empty();
        }
        Expr diff = JavaExpressions.minus(hi, lower);
        if (stride instanceof Expr.Num s && s.value().compareTo(BigDecimal.ONE) == 0) {
            return Optional.of(inclusive ? JavaExpressions.plus(diff, BigDecimal.ONE) : diff);
        }
        Expr ratio = Expr.div(diff, stride);
        return Optional.of(inclusive ? JavaExpressions.plus(Expr.call(Fn.FLOOR, ratio), BigDecimal.ONE)
                : Expr.call(Fn.CEIL, ratio));
    }

    private static BinaryExpr.Operator mirrored(BinaryExpr.Operator op) {
        return switch (op) {
            case LESS -> BinaryExpr.Operator.GREATER;
            case LESS_EQUALS -> BinaryExpr.Operator.GREATER_EQUALS;
            case GREATER -> BinaryExpr.Operator.LESS;
            case GREATER_EQUALS -> BinaryExpr.Operator.LESS_EQUALS;
            default -> null;
        };
    }

    private static boolean isPositive(Expr step) {
        return step instanceof Expr.Num n && n.value().signum() > 0;
    }

    private static boolean isNegative(Expr step) {
        return step instanceof Expr.Num n && n.value().signum() < 0 || step instanceof Expr.Neg;
    }

    private static boolean isVariable(Expression e, String v) {
        return e instanceof NameExpr n && n.getNameAsString().equals(v);
    }
}

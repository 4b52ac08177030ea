package lcm.javasrc;

import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import lcm.expr.Expr;
import lcm.expr.Fn;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the Java expressions that loop bounds are made of into annotation-language
 * {@link Expr}s: numbers, names ({@code n}, {@code this.n}, {@code Fft.n}), {@code + - * /},
 * shifts by constants, casts, parentheses and the {@code Math} functions the annotation
 * language has. Anything else ({@code a.length}, calls) has no reading: the result is empty and
 * the trip count stays unknown. Java's integer division is not modelled: {@code itors / 2}
 * stays a quotient, as in the Fortran front end.
 */
final class JavaExpressions {

    private JavaExpressions() {
    }

    static Optional<Expr> read(Expression e) {
        if (e instanceof EnclosedExpr en) {
            return read(en.getInner());
        }
        if (e instanceof CastExpr c) {
            return read(c.getExpression());
        }
        if (e instanceof IntegerLiteralExpr i) {
            return integer(i.getValue());
        }
        if (e instanceof LongLiteralExpr l) {
            return integer(l.getValue().replaceAll("[lL]$", ""));
        }
        if (e instanceof DoubleLiteralExpr d) {
            try {
                return Optional.of(new Expr.Num(new BigDecimal(d.getValue().replace("_", "").replaceAll("[dDfF]$", ""))));
            } catch (NumberFormatException ex) {
                return Optional.empty();
            }
        }
        if (e instanceof NameExpr n) {
            return Optional.of(Expr.var(n.getNameAsString()));
        }
        if (e instanceof FieldAccessExpr f && (f.getScope() instanceof ThisExpr || isTypeName(f.getScope()))) {
            return Optional.of(Expr.var(f.getNameAsString()));
        }
        if (e instanceof UnaryExpr u) {
            return switch (u.getOperator()) {
                case MINUS -> read(u.getExpression()).map(JavaExpressions::negate);
                case PLUS -> read(u.getExpression());
                default -> Optional.empty();
            };
        }
        if (e instanceof BinaryExpr b) {
            return binary(b);
        }
        if (e instanceof MethodCallExpr m) {
            return mathCall(m);
        }
        return Optional.empty();
    }

    private static Optional<Expr> binary(BinaryExpr b) {
        Optional<Expr> l = read(b.getLeft());
        Optional<Expr> r = read(b.getRight());
        if (l.isEmpty() || r.isEmpty()) {
            return Optional.empty();
        }
        return switch (b.getOperator()) {
            case PLUS -> Optional.of(Expr.add(l.get(), r.get()));
            case MINUS -> Optional.of(Expr.sub(l.get(), r.get()));
            case MULTIPLY -> Optional.of(Expr.mul(l.get(), r.get()));
            case DIVIDE -> Optional.of(Expr.div(l.get(), r.get()));
            case SIGNED_RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT -> powerOfTwo(r.get()).map(k -> Expr.div(l.get(), k));
            case LEFT_SHIFT -> powerOfTwo(r.get()).map(k -> Expr.mul(l.get(), k));
            default -> Optional.empty();
        };
    }

    /** 2^k for a constant shift distance k. */
    private static Optional<Expr> powerOfTwo(Expr shift) {
        if (shift instanceof Expr.Num n && n.value().signum() >= 0 && n.value().scale() <= 0
                && n.value().compareTo(BigDecimal.valueOf(62)) <= 0) {
            return Optional.of(new Expr.Num(BigDecimal.valueOf(1L << n.value().intValue())));
        }
        return Optional.empty();
    }

    private static Optional<Expr> mathCall(MethodCallExpr m) {
        if (m.getScope().isEmpty() || !List.of("Math", "StrictMath").contains(m.getScope().get().toString())) {
            return Optional.empty();
        }
        List<Expr> args = new ArrayList<>();
        for (Expression a : m.getArguments()) {
            Optional<Expr> x = read(a);
            if (x.isEmpty()) {
                return Optional.empty();
            }
            args.add(x.get());
        }
        String name = m.getNameAsString();
        if (name.equals("pow") && args.size() == 2) {
            return Optional.of(Expr.pow(args.get(0), args.get(1)));
        }
        Optional<Fn> fn = Fn.byName(name);
        if (fn.isEmpty() || args.size() < fn.get().minArgs() || args.size() > fn.get().maxArgs()) {
            return Optional.empty();
        }
        return Optional.of(new Expr.Call(fn.get(), args));
    }

    private static Optional<Expr> integer(String literal) {
        String t = literal.replace("_", "");
        try {
            BigInteger v;
            if (t.startsWith("0x") || t.startsWith("0X")) {
                v = new BigInteger(t.substring(2), 16);
            } else if (t.startsWith("0b") || t.startsWith("0B")) {
                v = new BigInteger(t.substring(2), 2);
            } else if (t.length() > 1 && t.startsWith("0")) {
                v = new BigInteger(t.substring(1), 8);
            } else {
                v = new BigInteger(t);
            }
            return Optional.of(new Expr.Num(new BigDecimal(v)));
        } catch (NumberFormatException ex) {
            return Optional.empty();
        }
    }

    /** A name that reads as a class ({@code Fft2d.n}): starts with an upper-case letter. */
    private static boolean isTypeName(Expression scope) {
        return (scope instanceof NameExpr || scope instanceof FieldAccessExpr)
                && Character.isUpperCase(lastName(scope).charAt(0));
    }

    private static String lastName(Expression e) {
        return e instanceof FieldAccessExpr f ? f.getNameAsString() : ((NameExpr) e).getNameAsString();
    }

    static Expr negate(Expr e) {
        if (e instanceof Expr.Num n) {
            return new Expr.Num(n.value().negate());
        }
        if (e instanceof Expr.Neg n) {
            return n.operand();
        }
        return new Expr.Neg(e);
    }

    /** {@code a - b}, with constants folded: {@code (n - 1) - 0} is {@code n - 1}, {@code n - n} is 0. */
    static Expr minus(Expr a, Expr b) {
        if (b instanceof Expr.Num n) {
            return plus(a, n.value().negate());
        }
        if (a.equals(b)) {
            return Expr.num(0);
        }
        if (b instanceof Expr.Neg n) {
            return Expr.add(a, n.operand());
        }
        return Expr.sub(a, b);
    }

    /** {@code a + c} for a constant c, folded into a constant that ends {@code a}. */
    static Expr plus(Expr a, BigDecimal c) {
        if (c.signum() == 0) {
            return a;
        }
        if (a instanceof Expr.Num n) {
            return new Expr.Num(n.value().add(c));
        }
        if (a instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB) && b.right() instanceof Expr.Num r) {
            BigDecimal k = (b.op() == Expr.Op.ADD ? r.value() : r.value().negate()).add(c);
            return plus(b.left(), k);
        }
        return c.signum() > 0 ? Expr.add(a, new Expr.Num(c)) : Expr.sub(a, new Expr.Num(c.negate()));
    }
}

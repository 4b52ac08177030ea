package lcm.expr;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * An expression of the annotation language (docs/annotations.md): numbers, variables,
 * {@code + - * / ^}, and a fixed list of functions. This is the only form in which formulas
 * from user files travel through lcm; it is converted to Symja through an allow-list of
 * operations and never handed to a general-purpose parser or evaluator.
 */
public sealed interface Expr permits Expr.Num, Expr.Var, Expr.Neg, Expr.Bin, Expr.Call {

    /** A decimal number, kept exact. */
    record Num(BigDecimal value) implements Expr {
        public Num {
            Objects.requireNonNull(value, "value");
        }
    }

    record Var(String name) implements Expr {
        public Var {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * Unary minus. The recursive nodes are final classes rather than records so that they can
     * cache their hash: composed models share subtrees and are hashed often.
     */
    final class Neg implements Expr {
        private final Expr operand;
        private final int hash;

        public Neg(Expr operand) {
            this.operand = Objects.requireNonNull(operand, "operand");
            this.hash = 31 * operand.hashCode() + 7;
        }

        public Expr operand() {
            return operand;
        }

        @Override
        public List<Expr> children() {
            return List.of(operand);
        }

        @Override
        public Expr withChildren(List<Expr> children) {
            return children.get(0) == operand ? this : new Neg(children.get(0));
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Neg n && n.hash == hash && n.operand.equals(operand);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return "Neg[" + operand + "]";
        }
    }

    /** A binary operation. */
    final class Bin implements Expr {
        private final Op op;
        private final Expr left;
        private final Expr right;
        private final int hash;

        public Bin(Op op, Expr left, Expr right) {
            this.op = Objects.requireNonNull(op, "op");
            this.left = Objects.requireNonNull(left, "left");
            this.right = Objects.requireNonNull(right, "right");
            this.hash = (op.ordinal() * 31 + left.hashCode()) * 31 + right.hashCode();
        }

        public Op op() {
            return op;
        }

        public Expr left() {
            return left;
        }

        public Expr right() {
            return right;
        }

        @Override
        public List<Expr> children() {
            return List.of(left, right);
        }

        @Override
        public Expr withChildren(List<Expr> children) {
            return children.get(0) == left && children.get(1) == right ? this
                    : new Bin(op, children.get(0), children.get(1));
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Bin b && b.hash == hash && b.op == op && b.left.equals(left)
                    && b.right.equals(right);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return "Bin[" + op + ", " + left + ", " + right + "]";
        }
    }

    /** A call of one of the allowed functions. */
    final class Call implements Expr {
        private final Fn fn;
        private final List<Expr> args;
        private final int hash;

        public Call(Fn fn, List<Expr> args) {
            this.fn = Objects.requireNonNull(fn, "fn");
            this.args = List.copyOf(args);
            if (this.args.size() < fn.minArgs() || this.args.size() > fn.maxArgs()) {
                throw new IllegalArgumentException(fn.text() + " takes " + fn.arity() + ", got " + this.args.size());
            }
            this.hash = fn.ordinal() * 31 + this.args.hashCode();
        }

        public Fn fn() {
            return fn;
        }

        public List<Expr> args() {
            return args;
        }

        @Override
        public List<Expr> children() {
            return args;
        }

        @Override
        public Expr withChildren(List<Expr> children) {
            for (int i = 0; i < args.size(); i++) {
                if (children.get(i) != args.get(i)) {
                    return new Call(fn, children);
                }
            }
            return this;
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Call c && c.hash == hash && c.fn == fn && c.args.equals(args);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return "Call[" + fn + ", " + args + "]";
        }
    }

    enum Op {
        ADD("+", 1), SUB("-", 1), MUL("*", 2), DIV("/", 2), POW("^", 4);

        private final String text;
        private final int precedence;

        Op(String text, int precedence) {
            this.text = text;
            this.precedence = precedence;
        }

        public String text() {
            return text;
        }

        public int precedence() {
            return precedence;
        }

        /** The value of {@code l op r}, as every evaluator of lcm computes it. */
        public double apply(double l, double r) {
            return switch (this) {
                case ADD -> l + r;
                case SUB -> l - r;
                case MUL -> l * r;
                case DIV -> l / r;
                case POW -> Fn.power(l, r);
            };
        }
    }

    /** An integer; small ones are shared (an integer's form is fixed: scale 0). */
    static Num num(long v) {
        return SharedAtoms.integer(v);
    }

    /**
     * The number {@code v} as written: an integer of a long is the shared one (the same value and
     * scale), any other keeps its own form (2.0 stays 2.0).
     */
    static Num num(BigDecimal v) {
        return v.scale() == 0 && v.precision() < 18 ? SharedAtoms.integer(v.longValueExact()) : new Num(v);
    }

    static Num num(double v) {
        return new Num(new BigDecimal(Double.toString(v)));
    }

    static Num num(String text) {
        return new Num(new BigDecimal(text));
    }

    /** The variable {@code name}, shared with every other use of the name. */
    static Var var(String name) {
        return SharedAtoms.variable(name);
    }

    static Expr add(Expr a, Expr b) {
        return new Bin(Op.ADD, a, b);
    }

    static Expr sub(Expr a, Expr b) {
        return new Bin(Op.SUB, a, b);
    }

    static Expr mul(Expr a, Expr b) {
        return new Bin(Op.MUL, a, b);
    }

    /**
     * {@code a*b} with products kept left-associated, so that {@code k2*(x^2*log2(y))} reads
     * {@code k2*x^2*log2(y)}.
     */
    static Expr product(Expr a, Expr b) {
        if (b instanceof Bin m && m.op() == Op.MUL) {
            return mul(product(a, m.left()), m.right());
        }
        return mul(a, b);
    }

    static Expr div(Expr a, Expr b) {
        return new Bin(Op.DIV, a, b);
    }

    static Expr pow(Expr a, Expr b) {
        return new Bin(Op.POW, a, b);
    }

    static Expr call(Fn fn, Expr... args) {
        return new Call(fn, List.of(args));
    }

    /** The operands: none for a number or a variable, the operand of a minus, the two sides of an operation, a call's arguments. */
    default List<Expr> children() {
        return List.of();
    }

    /**
     * The same node with these children in place of its own ({@link #children()} order): this
     * node where they are the same objects. {@code bin(+, a, b).withChildren(List.of(a, c))} is
     * {@code a+c}.
     */
    default Expr withChildren(List<Expr> children) {
        return this;
    }

    /**
     * The result of {@code f} folded bottom up over this expression ({@link ExprFold}), each node
     * object once: {@code e.fold((x, kids) -> 1 + kids.stream().mapToInt(Integer::intValue).sum())}
     * is the number of nodes of {@code e} written out as a tree (a shared subtree counted at each
     * use, computed once), {@code e.fold((x, kids) -> x.withChildren(kids))} is {@code e}.
     */
    default <R> R fold(ExprFold<R> f) {
        return Traversal.fold(this, f);
    }

    /**
     * Whether some node of this expression passes {@code test} (nodes met top down, left to
     * right, each object once): {@code e.anyMatch(x -> x instanceof Call c && c.fn() == Fn.LOG)}.
     */
    default boolean anyMatch(Predicate<Expr> test) {
        return Traversal.anyMatch(this, test);
    }

    /**
     * What {@code match} gives (not null) at the outermost nodes it gives something for, each
     * result once (by {@code equals}), in the order met top down, left to right; the nodes inside
     * a match are not searched. The maxima of {@code max(n, max(p, 1)) + max(n, 2)}:
     * {@code e.collect(x -> x instanceof Call c && c.fn() == Fn.MAX ? x : null)} gives
     * {@code max(n, max(p, 1))} and {@code max(n, 2)}.
     */
    default <R> List<R> collect(Function<Expr, R> match) {
        return Traversal.collect(this, match);
    }

    /**
     * This expression with each outermost node for which {@code replacement} gives an expression
     * (not null) replaced by it, whole; the rest rebuilt with the plain constructors (no
     * simplification). {@code n*(p+1)} with {@code p} replaced by {@code 2} is {@code n*(2+1)}.
     */
    default Expr replace(Function<Expr, Expr> replacement) {
        return fold(new ExprFold<>() {
            @Override
            public Expr node(Expr node, List<Expr> children) {
                return node.withChildren(children);
            }

            @Override
            public Expr whole(Expr node) {
                return replacement.apply(node);
            }
        });
    }

    /** The variables this expression mentions, in order of first appearance. */
    default Set<String> variables() {
        Set<String> out = new LinkedHashSet<>();
        collectVariables(this, out, Collections.newSetFromMap(new IdentityHashMap<>()));
        return out;
    }

    /** The variables of several expressions; subtrees they share are walked once. */
    static Set<String> variables(Collection<Expr> es) {
        Set<String> out = new LinkedHashSet<>();
        Set<Expr> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Expr e : es) {
            collectVariables(e, out, seen);
        }
        return out;
    }

    /** Each shared subtree is visited once: composed models are DAGs of expressions. */
    private static void collectVariables(Expr e, Set<String> out, Set<Expr> seen) {
        if (e instanceof Var v) {
            out.add(v.name());
        } else if (e instanceof Bin b && isLeaf(b.left()) && isLeaf(b.right())) {
            // n^2, p/36: walked again where shared, cheaper than remembering (most nodes are these)
            collectVariables(b.left(), out, seen);
            collectVariables(b.right(), out, seen);
        } else if (e instanceof Num || !seen.add(e)) {
            return;
        } else if (e instanceof Neg n) {
            collectVariables(n.operand(), out, seen);
        } else if (e instanceof Bin b) {
            collectVariables(b.left(), out, seen);
            collectVariables(b.right(), out, seen);
        } else if (e instanceof Call c) {
            for (Expr a : c.args()) {
                collectVariables(a, out, seen);
            }
        }
    }

    private static boolean isLeaf(Expr e) {
        return e instanceof Var || e instanceof Num;
    }

    /** The annotation-language text of this expression; parseable back by {@code AnnotationReader.expression}. */
    default String text() {
        return ExprPrinter.print(this);
    }
}

package lcm.expr;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The walks behind {@link Expr#fold}, {@link Expr#anyMatch} and {@link Expr#collect}: left to
 * right, in the order a recursive walk meets the nodes, but iterative (a sum of 10^5 terms nests
 * as deep) and visiting each node object once, since composed models share subtrees (a DAG
 * walked as a tree can take exponential time).
 */
final class Traversal {

    private Traversal() {
    }

    static <R> R fold(Expr root, ExprFold<R> f) {
        Map<Expr, R> done = new IdentityHashMap<>();
        Set<Expr> opened = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Expr> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Expr e = stack.peek();
            if (done.containsKey(e)) {
                stack.pop();
            } else if (opened.add(e)) {
                R whole = f.whole(e);
                if (whole != null) {
                    stack.pop();
                    done.put(e, whole);
                } else {
                    pushChildren(e, stack); // e is met again once they are done
                }
            } else {
                stack.pop();
                List<Expr> children = e.children();
                List<R> results = new ArrayList<>(children.size());
                for (Expr c : children) {
                    results.add(done.get(c));
                }
                done.put(e, f.node(e, results));
            }
        }
        return done.get(root);
    }

    static boolean anyMatch(Expr root, Predicate<Expr> test) {
        return !topDown(root, x -> test.test(x) ? Boolean.TRUE : null, true).isEmpty();
    }

    static <R> List<R> collect(Expr root, Function<Expr, R> match) {
        return new ArrayList<>(topDown(root, match, false));
    }

    /**
     * What {@code match} gives (not null) at the nodes met top down, left to right, each object
     * once; the children of a node it gives something for are not entered, and with
     * {@code first} the walk ends there.
     */
    private static <R> Set<R> topDown(Expr root, Function<Expr, R> match, boolean first) {
        Set<R> out = new LinkedHashSet<>();
        Set<Expr> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Expr> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Expr e = stack.pop();
            if (seen.add(e)) {
                R r = match.apply(e);
                if (r == null) {
                    pushChildren(e, stack);
                } else if (out.add(r) && first) {
                    break;
                }
            }
        }
        return out;
    }

    /** The children, the first on top. */
    private static void pushChildren(Expr e, Deque<Expr> stack) {
        List<Expr> children = e.children();
        for (int i = children.size() - 1; i >= 0; i--) {
            stack.push(children.get(i));
        }
    }
}

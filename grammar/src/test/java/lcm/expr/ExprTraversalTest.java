package lcm.expr;

import lcm.annotation.AnnotationReader;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Expr's generic traversal: children, fold, anyMatch, collect, replace; shared subtrees walked once. */
class ExprTraversalTest {

    private static Expr parse(String text) {
        return AnnotationReader.expression(text);
    }

    @Test
    void childrenAreTheOperandsInOrder() {
        Expr e = parse("n*(p+1)");
        assertEquals(List.of(Expr.var("n"), parse("p+1")), e.children());
        assertEquals(List.of(), Expr.var("n").children());
        assertEquals(List.of(Expr.num(3)), new Expr.Neg(Expr.num(3)).children());
        assertEquals(3, parse("max(n, p, 2)").children().size());
        assertEquals("max(n, k, 2)", parse("max(n, p, 2)").withChildren(List.of(Expr.var("n"), Expr.var("k"), Expr.num(2))).text());
    }

    @Test
    void foldIsBottomUpLeftToRight() {
        List<String> order = new ArrayList<>();
        int nodes = parse("(n+p)*k").<Integer>fold((x, kids) -> {
            order.add(x.text());
            return 1 + kids.stream().mapToInt(Integer::intValue).sum();
        });
        assertEquals(5, nodes);
        assertEquals(List.of("n", "p", "n+p", "k", "(n+p)*k"), order);
    }

    @Test
    void aSharedSubtreeIsFoldedOnce() {
        // (n+1)*(n+1) with one n+1 object: 7 nodes as a tree, 4 objects (the product, n+1, n, 1)
        Expr s = Expr.add(Expr.var("n"), Expr.num(1));
        Expr e = Expr.mul(s, s);
        int[] calls = {0};
        int nodes = e.<Integer>fold((x, kids) -> {
            calls[0]++;
            return 1 + kids.stream().mapToInt(Integer::intValue).sum();
        });
        assertEquals(7, nodes);
        assertEquals(4, calls[0]);
    }

    @Test
    void aDoublingDagOfSixtyLevelsIsWalkedInSixtyOneSteps() {
        // x0 = n, x(i+1) = x(i) + x(i): x60 written out has 2^61 - 1 nodes, but 61 objects
        Expr x = Expr.var("n");
        for (int i = 0; i < 60; i++) {
            x = Expr.add(x, x);
        }
        int[] calls = {0};
        long nodes = x.<Long>fold((node, kids) -> {
            if (++calls[0] > 61) {
                throw new AssertionError("a shared node folded again"); // as a tree: 2^61 - 1 calls
            }
            return 1 + kids.stream().mapToLong(Long::longValue).sum();
        });
        assertEquals(2305843009213693951L, nodes); // 2^61 - 1
        assertEquals(61, calls[0]);
        int[] tests = {0};
        assertFalse(x.anyMatch(node -> {
            if (++tests[0] > 61) {
                throw new AssertionError("a shared node tested again");
            }
            return node instanceof Expr.Num;
        }));
        assertEquals(61, tests[0]);
        assertEquals(List.of("n"), x.collect(node -> node instanceof Expr.Var v ? v.name() : null));
        Expr renamed = x.replace(node -> node instanceof Expr.Var ? Expr.var("m") : null);
        assertEquals(Set.of("m"), renamed.variables());
        int[] rebuilt = {0};
        renamed.fold((node, kids) -> rebuilt[0]++);
        assertEquals(61, rebuilt[0]); // the renamed DAG shares as the original does
    }

    @Test
    void aSumOfAHundredThousandTermsNestsAsDeepAndFolds() {
        Expr sum = Expr.var("x");
        for (int i = 1; i < 100_000; i++) {
            sum = Expr.add(sum, Expr.num(i));
        }
        long leaves = sum.<Long>fold((x, kids) -> kids.isEmpty() ? 1L : kids.stream().mapToLong(Long::longValue).sum());
        assertEquals(100_000, leaves);
        assertTrue(sum.anyMatch(x -> x instanceof Expr.Var));
    }

    @Test
    void wholeStopsTheDescent() {
        // log(n*p) + n: with the log decided whole, n*p, n and p inside it are never visited
        List<String> visited = new ArrayList<>();
        String text = parse("log(n*p)+n").fold(new ExprFold<String>() {
            @Override
            public String whole(Expr node) {
                return node instanceof Expr.Call ? "L" : null;
            }

            @Override
            public String node(Expr node, List<String> kids) {
                visited.add(node.text());
                return kids.isEmpty() ? node.text() : String.join(" ", kids);
            }
        });
        assertEquals("L n", text);
        assertEquals(List.of("n", "log(n*p)+n"), visited);
    }

    @Test
    void collectGivesTheOutermostMatchesOnceInOrder() {
        Expr e = parse("max(n, max(p, 1)) + k*max(n, 2) + max(n, 2)");
        List<String> maxima = e.collect(x -> x instanceof Expr.Call c && c.fn() == Fn.MAX ? x.text() : null);
        assertEquals(List.of("max(n, max(p, 1))", "max(n, 2)"), maxima);
        assertEquals(List.of("n", "p", "k"), e.collect(x -> x instanceof Expr.Var v ? v.name() : null));
        assertEquals(List.of(), e.collect(x -> x instanceof Expr.Neg ? x : null));
    }

    @Test
    void anyMatchStopsAtTheFirstMatch() {
        List<String> tested = new ArrayList<>();
        assertTrue(parse("n*log(p) + sqrt(k)").anyMatch(x -> {
            tested.add(x.text());
            return x instanceof Expr.Call c && c.fn() == Fn.LOG;
        }));
        assertEquals(List.of("n*log(p)+sqrt(k)", "n*log(p)", "n", "log(p)"), tested);
        assertFalse(parse("n*p^2").anyMatch(x -> x instanceof Expr.Call));
    }

    @Test
    void replaceRebuildsOnlyWhatChanged() {
        Expr e = parse("n*(p+1) + log(n)");
        Expr two = e.replace(x -> x instanceof Expr.Var v && v.name().equals("p") ? Expr.num(2) : null);
        assertEquals("n*(2+1)+log(n)", two.text());
        assertSame(e.children().get(1), two.children().get(1)); // log(n) has no p: the same object
        assertSame(e, e.replace(x -> x instanceof Expr.Var v && v.name().equals("q") ? Expr.num(2) : null));
        // replaced whole: the p inside the replaced n*(p+1) is not looked at
        assertEquals("k+log(n)", e.replace(x -> x.equals(parse("n*(p+1)")) ? Expr.var("k") : null).text());
    }
}

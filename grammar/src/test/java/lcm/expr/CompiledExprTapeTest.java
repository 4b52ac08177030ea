package lcm.expr;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one compiler: shared subexpressions, the same doubles in every tier, derivatives. */
class CompiledExprTapeTest {

    private static final List<String> VARS = List.of("n", "p", "k");

    private static final Expr N = Expr.var("n");
    private static final Expr P = Expr.var("p");

    @Test
    void equalSubexpressionsAreComputedOnce() {
        // log(n)*p + log(n)*p/2 + max(0.5*p-4, 0) + max(0.5*p-4, 0)/n, written out four times over
        Expr log = Expr.call(Fn.LOG, N);
        Expr max = Expr.call(Fn.MAX, Expr.sub(Expr.mul(Expr.num("0.5"), P), Expr.num(4)), Expr.num(0));
        Expr e = Expr.add(Expr.add(Expr.mul(Expr.call(Fn.LOG, N), P), Expr.div(Expr.mul(log, P), Expr.num(2))),
                Expr.add(max, Expr.div(Expr.call(Fn.MAX, Expr.sub(Expr.mul(Expr.num("0.5"), P), Expr.num(4)), Expr.num(0)), N)));
        CompiledExpr c = CompiledExpr.compile(e, VARS);
        // n, p, log(n), log(n)*p, 2 (a constant), (log(n)*p)/2, +, 0.5 and 4 and 0 (constants), 0.5*p, -4, max,
        // max/n, +, +: one log and one max
        String java = c.javaSource();
        assertEquals(1, count(java, "Math.log("), java);
        assertEquals(1, count(java, "Math.max("), java);
        // at n = e^2, p = 10: 2*10 + 2*10/2 + max(1, 0) + 1/e^2 = 31 + 0.1353352832366127
        double n = Math.exp(2);
        assertEquals(31 + 1 / n, c.eval(n, 10, 0), 1e-12);
    }

    @Test
    void sumAndProductInEitherOrderShareOneSlot() {
        Expr e = Expr.sub(Expr.add(N, P), Expr.add(P, N));
        CompiledExpr c = CompiledExpr.compile(e, VARS);
        // n, p, n+p, (n+p)-(n+p): four instructions, not five
        assertEquals(4, c.instructions());
        assertEquals(0.0, c.eval(3, 4, 0));
    }

    @Test
    void numbersAloneAreComputedOnce() {
        // 2^10/4 + n: the constant 256 is folded, leaving n and one addition
        Expr e = Expr.add(Expr.div(Expr.pow(Expr.num(2), Expr.num(10)), Expr.num(4)), N);
        CompiledExpr c = CompiledExpr.compile(e, VARS);
        assertEquals(259.0, c.eval(3, 0, 0));
        assertFalse(c.javaSource().contains("Math.pow"), c.javaSource());
    }

    @Test
    void interpreterBytecodeAndEvaluatorGiveTheSameDoubles() {
        Random r = new Random(11);
        for (int i = 0; i < 60; i++) {
            Expr e = random(r, 5);
            CompiledExpr tape = CompiledExpr.compile(e, VARS);
            CompiledExpr bytecode = CompiledExpr.compileToBytecode(e, VARS);
            for (int k = 0; k < 5; k++) {
                double n = 1 + r.nextInt(3000) + r.nextDouble();
                double p = 1 + r.nextInt(64);
                double kk = r.nextDouble() * 8 - 4;
                double a = tape.eval(n, p, kk);
                double b = bytecode.eval(n, p, kk);
                double c = Evaluator.eval(e, Map.of("n", n, "p", p, "k", kk));
                assertEquals(Double.doubleToLongBits(a), Double.doubleToLongBits(b), () -> e.text());
                assertEquals(Double.doubleToLongBits(a), Double.doubleToLongBits(c), () -> e.text());
            }
        }
    }

    @Test
    void derivativesMatchDifferenceQuotients() {
        Random r = new Random(5);
        int compared = 0;
        for (int i = 0; i < 200; i++) {
            Expr e = random(r, 4);
            CompiledExpr c = CompiledExpr.compile(e, VARS);
            double[] x = {10 + r.nextInt(100) + r.nextDouble(), 2 + r.nextInt(30) + r.nextDouble(), 0.5 + r.nextDouble()};
            for (int slot = 0; slot < 3; slot++) {
                double h = 1e-6 * x[slot];
                double[] up = x.clone();
                double[] down = x.clone();
                up[slot] += h;
                down[slot] -= h;
                double quotient = (c.eval(up) - c.eval(down)) / (2 * h);
                double d = c.derivative(x, slot);
                if (!Double.isFinite(quotient) || !Double.isFinite(d) || Math.abs(quotient) > 1e8) {
                    continue;
                }
                assertEquals(quotient, d, 1e-4 * Math.max(1, Math.abs(quotient)), e.text() + " d/d" + VARS.get(slot));
                if (!e.variables().contains(VARS.get(slot))) {
                    assertFalse(c.uses(slot));
                    assertEquals(0.0, Math.abs(d));
                }
                compared++;
            }
        }
        assertTrue(compared > 300, "compared " + compared);
    }

    @Test
    void derivativeOfAProductByHand() {
        // d/dk (k * n^2 * log(n)) at n = 8 = 64 * log(8) = 133.0835...; d/dn = k*(2n log n + n) = 3*(16 log 8 + 8)
        Expr e = Expr.product(Expr.var("k"), Expr.mul(Expr.pow(N, Expr.num(2)), Expr.call(Fn.LOG, N)));
        CompiledExpr c = CompiledExpr.compile(e, VARS);
        double[] x = {8, 0, 3};
        assertEquals(64 * Math.log(8), c.derivative(x, 2), 1e-12);
        assertEquals(3 * (16 * Math.log(8) + 8), c.derivative(x, 0), 1e-12);
        assertEquals(0.0, c.derivative(x, 1));
        assertTrue(c.uses(0));
        assertFalse(c.uses(1));
    }

    @Test
    void flatSumsOfAnyLengthCompile() {
        // a left-deep sum of 100,000 terms n*i: no recursion, value n * 100000*100001/2
        Expr e = Expr.num(0);
        for (int i = 1; i <= 100_000; i++) {
            e = Expr.add(e, Expr.mul(N, Expr.num(i)));
        }
        assertEquals(3.0 * 100_000 * 100_001 / 2, CompiledExpr.compile(e, VARS).eval(3, 0, 0), 1e-3);
        assertEquals(3.0 * 100_000 * 100_001 / 2, Evaluator.eval(e, Map.of("n", 3.0)), 1e-3);
    }

    @Test
    void largeTapesSplitAcrossMethods() {
        Expr sum = Expr.num(0);
        double expected = 0;
        for (int i = 1; i <= 20_000; i++) {
            sum = Expr.add(sum, Expr.mul(Expr.num(i), Expr.pow(N, Expr.num(1 + i % 3))));
            expected += i * Math.pow(3, 1 + i % 3);
        }
        CompiledExpr c = CompiledExpr.compileToBytecode(sum, VARS);
        assertEquals(expected, c.eval(3, 0, 0), 1e-12 * expected);
    }

    @Test
    void unknownVariablesAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompiledExpr.compile(Expr.add(N, Expr.var("q")), VARS));
        assertEquals("unknown name 'q' (variables: n, p, k)", e.getMessage());
        Evaluator.Unbound u = assertThrows(Evaluator.Unbound.class, () -> Evaluator.eval(Expr.var("q"), Map.of("n", 1.0)));
        assertEquals("q", u.variable());
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private static Expr random(Random r, int depth) {
        if (depth == 0 || r.nextInt(6) == 0) {
            return switch (r.nextInt(4)) {
                case 0 -> Expr.var(VARS.get(r.nextInt(VARS.size())));
                case 1 -> Expr.num(1 + r.nextInt(9));
                case 2 -> Expr.num(String.format(java.util.Locale.ROOT, "%.4f", 0.1 + r.nextDouble()));
                default -> N;
            };
        }
        Expr a = random(r, depth - 1);
        Expr b = random(r, depth - 1);
        return switch (r.nextInt(12)) {
            case 0, 1 -> Expr.add(a, b);
            case 2 -> Expr.sub(a, b);
            case 3, 4 -> Expr.mul(a, b);
            case 5 -> Expr.div(a, b);
            case 6 -> Expr.pow(a, Expr.num(r.nextInt(3) == 0 ? "0.5" : String.valueOf(1 + r.nextInt(3))));
            case 7 -> Expr.call(Fn.LOG, a);
            case 8 -> Expr.call(Fn.SQRT, a);
            case 9 -> Expr.call(r.nextBoolean() ? Fn.MAX : Fn.MIN, a, b, Expr.num(1));
            case 10 -> new Expr.Neg(a);
            default -> Expr.call(Fn.LOG2, Expr.add(a, Expr.num(1)));
        };
    }
}

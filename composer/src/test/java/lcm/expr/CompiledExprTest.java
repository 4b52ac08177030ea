package lcm.expr;

import lcm.algebra.Alg;
import lcm.symbolic.SymjaBridge;
import lcm.symbolic.Simplifier;
import org.junit.jupiter.api.Test;
import org.matheclipse.core.expression.F;
import org.matheclipse.core.interfaces.IExpr;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The compiled evaluator agrees with Symja's own numeric value on random models. */
class CompiledExprTest {

    private static final List<String> VARS = List.of("n", "p", "itors");

    @Test
    void agreesWithSymjaToTwelveDigits() {
        Random r = new Random(7);
        SymjaBridge bridge = new SymjaBridge(VARS);
        int compared = 0;
        for (int i = 0; i < 60; i++) {
            Expr e = random(r, 4);
            CompiledExpr compiled = CompiledExpr.compile(e, VARS);
            for (int k = 0; k < 10; k++) {
                double n = 2 + r.nextInt(4000) + r.nextDouble();
                double p = 1 + r.nextInt(64);
                double itors = 1 + r.nextInt(32);
                double fast = compiled.eval(n, p, itors);
                Map<String, Expr> values = Map.of("n", Alg.num(n), "p", Alg.num(p), "itors", Alg.num(itors));
                IExpr symbolic = bridge.toSymja(Alg.substitute(e, values));
                Double exact = Simplifier.run(() -> lcm.symbolic.Simplifier.numeric(symbolic), Duration.ofSeconds(20));
                if (exact == null || !Double.isFinite(exact) || !Double.isFinite(fast)) {
                    continue;
                }
                assertEquals(exact, fast, 1e-12 * Math.max(1, Math.abs(exact)), () -> e.text() + " at n=" + n);
                Map<String, Double> at = new HashMap<>();
                at.put("n", n);
                at.put("p", p);
                at.put("itors", itors);
                assertEquals(fast, Evaluator.eval(e, at), 1e-12 * Math.max(1, Math.abs(fast)));
                compared++;
            }
        }
        assertEquals(true, compared > 400, "compared " + compared);
    }

    private static Expr random(Random r, int depth) {
        if (depth == 0 || r.nextInt(5) == 0) {
            return switch (r.nextInt(4)) {
                case 0 -> Expr.var(VARS.get(r.nextInt(VARS.size())));
                case 1 -> Expr.num(1 + r.nextInt(9));
                case 2 -> Alg.num(new java.math.BigDecimal(String.format(java.util.Locale.ROOT, "%.4f", 0.1 + r.nextDouble())));
                default -> Expr.var("n");
            };
        }
        Expr a = random(r, depth - 1);
        Expr b = random(r, depth - 1);
        return switch (r.nextInt(11)) {
            case 0 -> Expr.add(a, b);
            case 1 -> Expr.sub(a, b);
            case 2, 3 -> Expr.mul(a, b);
            case 4 -> Expr.div(a, Expr.add(b, Expr.num(1)));
            case 5 -> Expr.pow(Expr.call(Fn.ABS, a), Expr.num(List.of(2, 3, 0.5).get(r.nextInt(3)).doubleValue()));
            case 6 -> Expr.call(Fn.LOG, Expr.add(Expr.call(Fn.ABS, a), Expr.num(1)));
            case 7 -> Expr.call(Fn.SQRT, Expr.call(Fn.ABS, a));
            case 8 -> Expr.call(Fn.MAX, a, b);
            case 9 -> Expr.call(Fn.LOG2, Expr.add(Expr.call(Fn.ABS, b), Expr.num(2)));
            default -> Expr.call(Fn.MIN, a, b, Expr.num(3));
        };
    }
}

package lcm.expr;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Several expressions on one tape: shared subexpressions once, each value the one its own tape gives. */
class CompiledExprsTest {

    private static final List<String> VARS = List.of("n", "p");
    private static final Expr N = Expr.var("n");
    private static final Expr P = Expr.var("p");

    @Test
    void sharedSubexpressionsAreComputedOnceAndEachValueIsItsOwn() {
        // T = log(n)*n/p + (p-1)*2, and two of its parts: log(n)*n/p and (p-1)*2
        Expr work = Expr.div(Expr.mul(Expr.call(Fn.LOG, N), N), P);
        Expr idle = Expr.mul(Expr.sub(P, Expr.num(1)), Expr.num(2));
        Expr t = Expr.add(work, idle);
        CompiledExprs all = CompiledExprs.compile(List.of(t, work, idle), List.of(), VARS);
        // n, p, log(n), log(n)*n, /p, 1, p-1, 2, *2, +: 10 instructions; alone, 10 + 5 + 5
        assertEquals(10, all.instructions());
        assertEquals(20, CompiledExpr.compile(t, VARS).instructions() + CompiledExpr.compile(work, VARS).instructions()
                + CompiledExpr.compile(idle, VARS).instructions());
        // at n = 1024, p = 8: 1024 log(1024)/8 = 887.228..., idle 14
        double[] v = all.eval(1024, 8);
        assertEquals(1024 * Math.log(1024) / 8 + 14, v[0], 1e-9);
        assertEquals(14.0, v[2]);
        for (int i = 0; i < 3; i++) {
            Expr e = List.of(t, work, idle).get(i);
            assertEquals(Double.doubleToRawLongBits(CompiledExpr.compile(e, VARS).eval(1024, 8)),
                    Double.doubleToRawLongBits(v[i]), e.text());
        }
    }

    @Test
    void anOptionalExpressionOnAnotherVariableIsNaN() {
        Expr checked = Expr.div(N, Expr.var("itors"));
        double[] v = CompiledExprs.compile(List.of(Expr.mul(N, P)), List.of(checked, Expr.sub(P, Expr.num(1))), VARS)
                .eval(64, 4);
        assertArrayEquals(new double[] {256, Double.NaN, 3}, v);
        assertTrue(Double.isNaN(v[1]));
    }

    @Test
    void aRequiredExpressionOnAnotherVariableIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompiledExprs.compile(List.of(Expr.var("itors")), List.of(), VARS));
        assertEquals("unknown name 'itors' (variables: n, p)", e.getMessage());
    }
}
